import type { FirstStart } from '../db/seed';
import { defaultPublicUrl } from '../config';

export interface StartInfo {
  host: string;
  /** The port actually listened on (PORT=0 picks a free one). */
  port: number;
  publicUrl: string;
  dataDir: string;
  database: 'pglite' | 'postgres';
  firstStart: FirstStart | null;
  /** The Mobile Money providers running on their local emulator (no keys), with their page's path. */
  paymentEmulators?: Array<{ label: string; path: string }>;
}

/** The superadmin lines of the first start; the random password is shown here only, once. */
export function superadminLines(firstStart: FirstStart | null): string[] {
  if (!firstStart) return [];
  if (!firstStart.superadminPassword) return [`  Superadmin:  ${firstStart.superadminEmail} (password: ADMIN_PASSWORD)`];
  return [
    `  Superadmin:  ${firstStart.superadminEmail}`,
    `  Password:    ${firstStart.superadminPassword}`,
    '               shown this once: write it down (or set ADMIN_PASSWORD before the first start)',
  ];
}

/** Where the payments go when a provider has no keys: its emulator's page, to approve or refuse them. */
export function paymentEmulatorLines(local: string, emulators: Array<{ label: string; path: string }> = []): string[] {
  if (emulators.length === 0) return [];
  return [
    '  Payments:    Mobile Money on local emulators (no provider keys): no real money moves.',
    "               Approve or refuse each payment on the emulator's page:",
    ...emulators.map((emulator) => `               ${emulator.label}: ${local}${emulator.path}`),
  ];
}

/**
 * The block printed once the server listens: where to open the site and the API docs, where the
 * data lives and, at first start, how to sign in.
 */
export function startBlock(info: StartInfo): string {
  const local = defaultPublicUrl(info.host, info.port);
  const rule = '─'.repeat(72);
  const lines = [
    rule,
    `  Évènements Cameroun: Server listening on port ${info.port}`,
    `  Site:        ${local}`,
    ...(info.publicUrl.replace(/\/+$/, '') !== local
      ? [`  Public URL:  ${info.publicUrl} (PUBLIC_URL, used in e-mail links)`]
      : []),
    `  API docs:    ${local}/api/docs`,
    `  Data folder: ${info.dataDir}`,
    `  Database:    ${info.database === 'pglite' ? `PGlite in ${info.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}`,
    ...paymentEmulatorLines(local, info.paymentEmulators),
    ...superadminLines(info.firstStart),
    '  Stop with Ctrl+C.',
    rule,
  ];
  return `${lines.join('\n')}\n`;
}
