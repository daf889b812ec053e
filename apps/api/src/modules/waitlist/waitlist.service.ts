import { Readable } from 'node:stream';
import type { Options } from 'csv-stringify';
import { stringify as stringifyRecords } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import {
  WAITLIST_ARRAY_LIMIT,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
  type WaitlistListQuery,
  type WaitlistSignupResponse,
  type waitlistSignupSchema,
  type WaitlistStatus,
} from '@app/shared/waitlist';
import type { z } from 'zod';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { phoneCountry, smsCountryRefused } from '@app/shared/phone';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import {
  decidePending,
  deleteById,
  findById,
  findByPhoneOrEmail,
  insertEntry,
  iterateEntries,
  listPage,
  type WaitlistFilters,
  type WaitlistRow,
} from './waitlist.repository';
import type { Database } from '../../db/client';
import type { NotificationService } from '../notifications/notifications.service';
import type { ReferralEvents } from '../referrals/referrals.plugin';
import type { SettingsService } from '../settings/settings.service';
import type { WaitlistCount } from './waitlist-count.plugin';

type SignupInput = z.output<typeof waitlistSignupSchema>;

export function toWaitlistEntry(row: WaitlistRow): WaitlistEntry {
  const [firstName = '', ...rest] = row.name.trim().split(/\s+/);
  return {
    _id: row.id,
    name: row.name,
    firstName,
    lastName: rest.join(' '),
    email: row.email,
    phone: row.phone,
    status: row.status,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the waiting-list service works with (decision 019): never the whole Fastify instance. */
export interface WaitlistDeps {
  db: Database;
  settings: SettingsService;
  notifications: NotificationService;
  referrals: ReferralEvents;
  waitlistCount: WaitlistCount;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the link in the approval message. */
  publicUrl: string;
}

export async function signUp(deps: WaitlistDeps, input: SignupInput): Promise<WaitlistSignupResponse & { created: boolean }> {
  // Honeypot filled: a robot. It gets the usual answer, so it learns nothing, and nothing is stored.
  if (input.website?.trim()) {
    return { message: WAITLIST_MESSAGES.success, alreadyRegistered: false, created: true };
  }
  // Without an e-mail, the approval can only reach the person by SMS: a number outside the SMS
  // countries is refused here, as at registration (issue 24, item 13).
  if (!input.email) {
    const { smsCountries } = (await deps.settings.get()).security;
    const country = phoneCountry(input.phone);
    if (country === null || !smsCountries.includes(country)) throw fieldError('phone', smsCountryRefused(smsCountries));
  }
  const already = { message: WAITLIST_MESSAGES.alreadyRegistered, alreadyRegistered: true, created: false };
  if (await findByPhoneOrEmail(deps.db, input.phone, input.email)) return already;
  const row = await insertEntry(deps.db, {
    name: input.name,
    phone: input.phone,
    email: input.email,
    referralCode: input.ref,
  });
  // A concurrent sign-up with the same phone or e-mail won the unique index.
  if (!row) return already;
  deps.waitlistCount.forget();
  // A referral counts only once the entry is approved or its contact verified (decision 021).
  return { message: WAITLIST_MESSAGES.success, alreadyRegistered: false, created: true };
}

export async function listWaitlistPage(
  deps: WaitlistDeps,
  query: Required<Pick<WaitlistListQuery, 'page' | 'limit'>> & WaitlistFilters,
) {
  const { items, total } = await listPage(deps.db, query, Number(query.page), Number(query.limit));
  return { items: items.map(toWaitlistEntry), total };
}

/** The plain array the original client reads: newest first, at most WAITLIST_ARRAY_LIMIT. */
export async function listWaitlistArray(deps: WaitlistDeps, filters: WaitlistFilters) {
  const { items } = await listPage(deps.db, filters, 1, WAITLIST_ARRAY_LIMIT);
  return items.map(toWaitlistEntry);
}

const STATUS_LABELS: Record<WaitlistStatus, string> = { pending: 'En attente', approved: 'Approuvé', rejected: 'Rejeté' };

export async function decide(
  deps: WaitlistDeps,
  actor: SessionUser,
  id: string,
  status: Exclude<WaitlistStatus, 'pending'>,
): Promise<WaitlistEntry> {
  // The decision, its audit row and (approved with a code) the referral count are one transaction.
  const row = await deps.db.transaction(async (tx) => {
    const decided = await decidePending(tx, id, status);
    if (!decided) return null;
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: status === 'approved' ? 'waitlist.approve' : 'waitlist.reject',
        targetType: 'waitlist_entry',
        targetId: decided.id,
        before: { status: 'pending' },
        after: { status },
      },
    });
    if (status === 'approved' && decided.referralCode) {
      await deps.referrals.queue(tx, { kind: 'waitlist_approved', subject: decided.id });
    }
    return decided;
  });
  if (!row) {
    const existing = await findById(deps.db, id);
    if (!existing) throw notFound('Entrée introuvable dans la liste d’attente');
    throw conflict(
      `Cette entrée a déjà été traitée (${STATUS_LABELS[existing.status].toLowerCase()}) : seule une entrée en attente peut être ${
        status === 'approved' ? 'approuvée' : 'rejetée'
      }.`,
    );
  }
  if (status === 'approved' && row.referralCode) await deps.referrals.runDue();
  if (status === 'approved') await notifyApproved(deps, row);
  return toWaitlistEntry(row);
}

/**
 * The approved person hears it by e-mail when they gave one, else by SMS. The message is queued
 * (decision 018): the approval answers once it is stored, never waiting for the mail server or the
 * SMS provider, and a delivery failure never undoes the approval.
 */
async function notifyApproved(deps: WaitlistDeps, row: WaitlistRow) {
  const [firstName] = row.name.trim().split(/\s+/);
  const { siteName } = (await deps.settings.get()).general;
  const url = `${deps.publicUrl.replace(/\/$/, '')}/GetStarted`;
  const text = `Bonne nouvelle ${firstName} ! Votre inscription sur la liste d’attente de ${siteName} est acceptée. Créez votre compte ici : ${url}`;
  try {
    if (row.email) {
      await deps.notifications.queueEmail({
        to: row.email,
        subject: `${siteName} : votre place est confirmée`,
        text: `${text}\n\nÀ très bientôt,\nL’équipe ${siteName}`,
      });
    } else {
      await deps.notifications.queueSms({ to: row.phone, text });
    }
  } catch (error) {
    deps.log.error({ err: error, waitlistEntryId: row.id }, 'waitlist approval message not stored for delivery');
  }
}

export async function removeEntry(deps: WaitlistDeps, actor: SessionUser, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deleteById(tx, id);
    if (!row) throw notFound('Entrée introuvable dans la liste d’attente');
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'waitlist.delete',
        targetType: 'waitlist_entry',
        targetId: row.id,
        before: toWaitlistEntry(row),
      },
    });
  });
  deps.waitlistCount.forget();
}

/** A leading = + - @ (or tab, carriage return) neutralised so a spreadsheet never runs the cell as a formula. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * CSV for Excel in French: UTF-8 with a byte-order mark (accents intact), ';' between cells, CRLF
 * line ends; a cell holding ';', '"' or a line break is quoted ('"' doubled), and no cell is a formula.
 */
export const CSV_OPTIONS = {
  bom: true,
  delimiter: ';',
  record_delimiter: 'windows',
  // csv-stringify quotes the delimiter, '"' and the whole record delimiter; a lone \n or \r too.
  quoted_match: /[\r\n]/,
  cast: { string: spreadsheetSafe },
} as const satisfies Options;

const CSV_HEADER = ['Nom', 'E-mail', 'Téléphone', 'Statut', 'Code de parrainage', 'Date d’inscription'];

/**
 * The filtered list as CSV (`CSV_OPTIONS`), streamed from the database one batch at a time: each
 * batch is formatted in one go and pushed as one chunk (a stream step per row cost seconds).
 */
export function exportCsv(deps: WaitlistDeps, filters: WaitlistFilters): Readable {
  async function* chunks() {
    yield stringifyRecords([CSV_HEADER], CSV_OPTIONS);
    for await (const rows of iterateEntries(deps.db, filters)) {
      const records = rows.map((row) => [
        row.name,
        row.email ?? '',
        row.phone,
        STATUS_LABELS[row.status],
        row.referralCode ?? '',
        row.signedUpAt,
      ]);
      yield stringifyRecords(records, { ...CSV_OPTIONS, bom: false });
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
