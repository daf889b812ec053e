import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config';

/** The server's VAPID identity (RFC 8292): the browsers subscribe with the public key; every push is signed with the private one. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE_NAME = 'vapid-keys.json';

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (several instances on separate machines must
 * share them), else `DATA_DIR/vapid-keys.json`, made by `generateVAPIDKeys()` (mode 0600) at first
 * start and read at every start after.
 */
export function loadVapidKeys(config: Config): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither');
  }
  const file = path.join(config.DATA_DIR, FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, `${JSON.stringify(webPush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance sharing DATA_DIR wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (!stored.publicKey || !stored.privateKey) throw new Error(`${file} holds no VAPID keys: delete it to make new ones`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** mailto: the administrator's address, else the sender address of the e-mails. */
function defaultSubject(config: Config): string {
  const address = config.ADMIN_EMAIL ?? /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
