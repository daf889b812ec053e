import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from '../notifications/notifications.service';
import { alertTeam } from '../notifications/team-alerts';
import type { ReferralEvents } from '../referrals/referrals.plugin';
import type { SettingsService } from '../settings/settings.service';
import type { z } from 'zod';
import {
  type loginSchema,
  MESSAGES,
  type newPasswordRequestSchema,
  type OtpChannel,
  type registerSchema,
  type ResetContact,
  type resendOtpSchema,
  type verifyOtpSchema,
} from '@app/shared/auth';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { checkPasswordRules } from '../../lib/common-passwords';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { phoneCountry, smsCountryRefused } from '@app/shared/phone';
import type { Settings } from '@app/shared/settings';
import {
  type CodeChannel,
  type OneTimeCodeRow,
  clearThrottles,
  findTakenFields,
  findUserByEmail,
  consumeOpenCodes,
  findUserById,
  findUserByIdentifier,
  findUserByPhone,
  findUserByVerifiedEmail,
  findUserByVerifiedPhone,
  insertUser,
  markContactVerified,
  recordContactHolds,
  recordLogin,
  recordThrottledFailure,
  releaseStaleContacts,
  rememberDevice,
  setPasswordHash,
  throttledUntil,
  touchKnownDevice,
} from './auth.repository';
import { newToken, sha256 } from '../../lib/tokens';
import { canonicalIdentifier } from './auth.rate-limits';
import {
  confirmationEmail,
  passwordChangedEmail,
  passwordChangedSms,
  resetEmail,
  resetSms,
  smsNotice,
  verificationEmail,
  verificationSms,
} from './auth.messages';
import { codeCapReached, issueCode, issueLink, NO_ACCOUNT, resendWait, underCodeCaps, useCode, useLink } from './otp.service';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { revokeAllSessions } from './session.repository';
import { createSession } from './session.service';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';
import { isUniqueViolation } from '../../lib/db-errors';

const FIELD_LABELS = { username: "nom d'utilisateur", email: 'adresse e-mail', phone: 'numéro de téléphone' } as const;
export const TAKEN_MESSAGES = {
  username: "Ce nom d'utilisateur est déjà utilisé",
  email: 'Cette adresse e-mail est déjà utilisée',
  phone: 'Ce numéro de téléphone est déjà utilisé',
} as const;

const CHANNEL_MESSAGES: Record<OtpChannel, string> = {
  sms: 'Inscription réussie ! Un code de vérification vous a été envoyé par SMS.',
  email: 'Inscription réussie ! Un code de vérification vous a été envoyé par email.',
  both: 'Inscription réussie ! Un code de vérification vous a été envoyé par SMS et par email.',
};

/** What the auth service works with (decision 019): never the whole Fastify instance. */
export interface AuthDeps {
  db: Database;
  settings: SettingsService;
  notifications: NotificationService;
  referrals: ReferralEvents;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the link in the team's e-mail. */
  publicUrl: string;
}

/** When the SMS could not be sent at once (it is retried in the background). */
const SMS_FAILED_MESSAGES: Record<OtpChannel, string> = {
  sms: "Inscription réussie ! L'envoi du code par SMS a rencontré un problème : nous réessayons.",
  email: CHANNEL_MESSAGES.email,
  both: "Inscription réussie ! Un code de vérification vous a été envoyé par email ; l'envoi par SMS a rencontré un problème.",
};

/** An unverified contact older than this may be taken by another registration (decision 008). */
export const UNVERIFIED_CONTACT_HOLD_MS = 60 * 60_000;

export function smsAllowed(phone: string, settings: Settings): boolean {
  const country = phoneCountry(phone);
  return country !== null && settings.security.smsCountries.includes(country);
}

interface CodeTarget {
  channel: CodeChannel;
  destination: string;
}

/** The contacts of an account still to verify, each with its own code (SMS only to allowed countries). */
function unverifiedTargets(user: UserRow, settings: Settings): CodeTarget[] {
  const targets: CodeTarget[] = [];
  if (user.phone && !user.phoneVerified && smsAllowed(user.phone, settings)) {
    targets.push({ channel: 'sms', destination: user.phone });
  }
  if (user.email && !user.emailVerified) targets.push({ channel: 'email', destination: user.email });
  return targets;
}

function channelOfTargets(targets: CodeTarget[]): OtpChannel | undefined {
  const sms = targets.some((target) => target.channel === 'sms');
  const email = targets.some((target) => target.channel === 'email');
  if (sms && email) return 'both';
  return sms ? 'sms' : email ? 'email' : undefined;
}

/**
 * Issues one code per unverified contact (at most one per minute per contact, within the caps per
 * account and per destination) and hands each to the outbox. `deliveries` settle when each message
 * is stored (and the SMS tried once): answers whether the SMS went at once (null without SMS).
 * The minute and the caps are judged at `requestedAt`, the time of the request, even when the
 * work runs later in the background.
 */
async function issueVerificationCodes(
  deps: AuthDeps,
  user: UserRow,
  settings: Settings,
  requestedAt = Date.now(),
): Promise<{ targets: CodeTarget[]; sent: CodeTarget[]; capped: boolean; delivery: Promise<boolean | null> }> {
  const targets = unverifiedTargets(user, settings);
  const sent: CodeTarget[] = [];
  let capped = false;
  const deliveries: Promise<boolean | null>[] = [];
  for (const target of targets) {
    if ((await resendWait(deps.db, user.id, 'verify', target.channel, requestedAt)) > 0) continue;
    if (!(await underCodeCaps(deps.db, user.id, target.destination, requestedAt))) {
      capped = true;
      continue;
    }
    const code = await issueCode(deps.db, user.id, 'verify', target);
    sent.push(target);
    deliveries.push(deliverCode(deps, user, target, code, settings.general.siteName));
  }
  const delivery = Promise.all(deliveries).then((results) => {
    const sms = results.find((result) => result !== null);
    return sms ?? null;
  });
  return { targets, sent, capped, delivery };
}

async function deliverCode(
  deps: AuthDeps,
  user: UserRow,
  target: CodeTarget,
  code: string,
  siteName: string,
): Promise<boolean | null> {
  if (target.channel === 'sms') {
    const sms = await deps.notifications.sendSms({ to: target.destination, text: verificationSms(code, siteName) });
    return sms.status === 'sent';
  }
  await deps.notifications.sendEmail(verificationEmail(target.destination, code, user.firstName, siteName));
  return null;
}

export async function register(deps: AuthDeps, input: z.output<typeof registerSchema>) {
  const settings = await deps.settings.get();
  checkPasswordRules(input.password, settings.security.passwordMinLength, 'password');
  if (input.phone && !smsAllowed(input.phone, settings)) {
    throw fieldError('phone', smsCountryRefused(settings.security.smsCountries));
  }
  // A contact left unverified for an hour does not block its real owner (decision 008).
  await releaseStaleContacts(deps.db, input, new Date(Date.now() - UNVERIFIED_CONTACT_HOLD_MS));
  const taken = await findTakenFields(deps.db, input);
  if (taken.size > 0) throw duplicate(taken);
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email ?? null,
      phone: input.phone ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      // A requested back-office role grants nothing: the account waits, without permissions,
      // for approval in the Administration screen (it shows there as EN ATTENTE).
      role: input.adminType ? 'admin' : 'user',
      requestedAdminType: input.adminType ?? null,
      isAdminValidated: false,
      permissions: [],
      isVerified: false,
      referredByCode: input.ref ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(await findTakenFields(deps.db, input));
    throw error;
  }
  // The hold on its contacts starts now, unless one started for them within the day (decision 021).
  await recordContactHolds(deps.db, [user.email, user.phone], new Date());
  const issued = await issueVerificationCodes(deps, user, settings);
  if (issued.sent.length === 0 && issued.capped) throw codeCapReached();
  const smsSent = await issued.delivery;
  const otpChannel = channelOfTargets(issued.sent) ?? 'email';
  const sent = smsSent === false ? { otpChannel, smsNotice: smsNotice(settings.general.supportPhone) } : { otpChannel };
  await alertTeam(deps, 'notifyOnRegistration', `Nouvelle inscription : ${user.firstName} ${user.lastName}`.trim(), [
    'Un nouveau compte vient d’être créé.',
    '',
    `Nom : ${user.firstName} ${user.lastName}`,
    `Nom d’utilisateur : ${user.username ?? '—'}`,
    `Rôle demandé : ${user.requestedAdminType ?? 'utilisateur'}`,
    '',
    `${deps.publicUrl}/admin/administration`,
  ]);
  return {
    message: sent.smsNotice ? SMS_FAILED_MESSAGES[sent.otpChannel] : CHANNEL_MESSAGES[sent.otpChannel],
    otpChannel: sent.otpChannel,
    email: user.email,
    phone: user.phone,
    ...(sent.smsNotice ? { smsNotice: sent.smsNotice } : {}),
  };
}

function duplicate(taken: Set<'username' | 'email' | 'phone'>): AppError {
  const fields = [...taken];
  if (fields.length === 0) return conflict('Ce compte existe déjà');
  const fieldErrors = Object.fromEntries(fields.map((field) => [field, [TAKEN_MESSAGES[field]]]));
  const message =
    fields.length === 1
      ? TAKEN_MESSAGES[fields[0] as keyof typeof TAKEN_MESSAGES]
      : `Déjà utilisés : ${fields.map((field) => FIELD_LABELS[field]).join(', ')}`;
  return conflict(message, fieldErrors);
}

/** The account named by a code request: e-mail, phone or any identifier. */
async function findByContact(deps: AuthDeps, input: { email?: string; phone?: string; identifier?: string }) {
  if (input.email) return findUserByEmail(deps.db, input.email);
  if (input.phone) return findUserByPhone(deps.db, input.phone);
  if (input.identifier) return findUserByIdentifier(deps.db, input.identifier, { contacts: 'any' });
  return null;
}

export async function verifyOtp(deps: AuthDeps, input: z.output<typeof verifyOtpSchema>) {
  const user = await findByContact(deps, input);
  const pending = user && (!user.emailVerified || !user.phoneVerified || !user.isVerified);
  const code = await useCode(deps.db, pending ? user.id : null, 'verify', input.otp);
  // The code proves only the contact it was sent to, and only while the account still holds it.
  // The first verified contact verifies the account: its referral is queued in the same
  // transaction, so it cannot be lost (decision 021), and run once committed.
  const verified =
    user !== null &&
    (await deps.db.transaction(async (tx) => {
      if (!(await markContactVerified(tx, user.id, code.channel as CodeChannel, code.destination))) return false;
      if (!user.isVerified && user.referredByCode) await deps.referrals.queue(tx, { kind: 'account_verified', subject: user.id });
      // A waiting-list entry with this contact counts now that the contact is proven (decision 021).
      await deps.referrals.queueContactVerified(tx, code.destination);
      return true;
    }));
  if (!user || !verified) {
    throw new AppError('OTP_INVALID', MESSAGES.otpInvalid, { otp: [MESSAGES.otpInvalid] });
  }
  await deps.referrals.runDue();
  return { message: 'Compte vérifié avec succès', email: user.email ?? null };
}

/**
 * Always the same answer, at once: whether the account exists, is verified, waits for the
 * minute between codes or reached its caps is never told (the codes go out in the background).
 */
export async function resendOtp(deps: AuthDeps, input: z.output<typeof resendOtpSchema>) {
  const user = await findByContact(deps, input);
  if (user && !user.isBlocked) {
    const settings = await deps.settings.get();
    issueVerificationCodes(deps, user, settings)
      .then((issued) => issued.delivery)
      .catch((error: unknown) => deps.log.error({ err: error }, 'verification code not stored for delivery'));
  }
  return { message: MESSAGES.otpResent };
}

export async function sendConfirmation(deps: AuthDeps, email: string) {
  const user = await findUserByVerifiedEmail(deps.db, email);
  if (user?.isVerified && user.email) {
    const settings = await deps.settings.get();
    await deps.notifications.queueEmail(confirmationEmail(user.email, user.firstName, settings.general.siteName));
  }
  return { message: 'Un email de confirmation vous a été envoyé.' };
}

export async function login(
  deps: AuthDeps,
  input: z.output<typeof loginSchema>,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; user: UserRow; deviceToken: string }> {
  const settings = await deps.settings.get();
  // An unverified contact finds only an account with no verified contact yet (decision 021).
  const user = await findUserByIdentifier(deps.db, input.identifier, { contacts: 'pending' });
  // Failures are counted per (account, address) pair; an unknown identifier is a pair too, so it
  // is answered exactly like a real account (decision 008).
  const subject = user?.id ?? `?${canonicalIdentifier(input.identifier)}`;
  const ip = meta.ip ?? '';
  const blockedUntil = await throttledUntil(deps.db, subject, ip);
  const blocked = blockedUntil !== null && blockedUntil.getTime() > Date.now();
  // The device token the client kept from an earlier sign-in of this account (issue 24).
  const knownDevice = Boolean(user && input.deviceToken && (await touchKnownDevice(deps.db, user.id, sha256(input.deviceToken))));
  // A waiting pair is refused before any password check, unless the request comes from a device
  // the account signed in on before: then a right password still passes. Never a known address:
  // behind a carrier's shared address the attacker's address is the owner's (decision 020).
  if (blocked && !knownDevice) throw locked(blockedUntil);
  // Same work whether or not the account exists, so the answer time tells nothing.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    const until = await recordThrottledFailure(deps.db, subject, ip, settings.security.maxLoginAttempts, new Date());
    if (until) throw locked(until);
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  // The owner passing a wait on a known device does not lift the wait of the others at that address.
  if (!blocked) await clearThrottles(deps.db, subject, ip);
  if (user.isBlocked) throw new AppError('ACCOUNT_BLOCKED', 'Ce compte est bloqué. Contactez le support.');
  if (!user.isVerified && settings.security.requireEmailVerification) {
    const issued = await issueVerificationCodes(deps, user, settings);
    if (issued.sent.length === 0 && issued.capped) throw codeCapReached();
    // Not awaited: sign-in answers at once (the form gives up after 10 s) even when a provider
    // is slow; the codes are stored before this answer and the messages are retried if need be.
    issued.delivery.catch((error: unknown) => deps.log.error({ err: error }, 'verification code not stored for delivery'));
    throw new AppError('OTP_REQUIRED', MESSAGES.otpRequired, undefined, {
      requiresOTP: true,
      otpChannel: channelOfTargets(issued.targets) ?? 'email',
    });
  }
  await recordLogin(deps.db, user.id);
  const session = await createSession(deps.db, user.id, settings.security.sessionTimeout, meta);
  let deviceToken = input.deviceToken;
  if (!knownDevice || !deviceToken) {
    deviceToken = newToken();
    await rememberDevice(deps.db, user.id, sha256(deviceToken));
  }
  return { token: session.token, user, deviceToken };
}

function locked(until: Date): AppError {
  const label = until.toLocaleString('fr-FR', { timeZone: DOUALA_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
  return new AppError('ACCOUNT_LOCKED', `Compte bloqué. Réessayez après ${label}`, undefined, {
    lockUntil: until.toISOString(),
  });
}

/**
 * Answers at once, the same for every address or number: the lookup, the checks and the code run
 * after, in the background, and run the same queries for every contact (issue 24, finding 14), so
 * neither the answer nor its time tells whether the account exists. A phone is first checked
 * against `smsCountries` (issue 25 item 8): the refusal depends on the number only, never on an
 * account, and is read from the cached settings for every number alike.
 */
export async function requestPasswordReset(deps: AuthDeps, contact: ResetContact, log: FastifyBaseLogger) {
  const requestedAt = Date.now();
  if ('phone' in contact) {
    const settings = await deps.settings.get();
    if (!smsAllowed(contact.phone, settings)) throw fieldError('phone', smsCountryRefused(settings.security.smsCountries));
  }
  sendResetCode(deps, contact, requestedAt).catch((error: unknown) => log.error({ err: error }, 'reset message not stored'));
  return { message: 'phone' in contact ? MESSAGES.resetSentBySms : MESSAGES.resetSent };
}

/**
 * The work of a reset request, alike for every contact up to the send: settings, lookup, the
 * minute between codes and the caps (an unknown contact is checked as the account no one has).
 * Only an existing, unblocked account whose verified e-mail or phone this is then gets a code and
 * a link (by e-mail, or by SMS to a number of `smsCountries`), stored before the send; a failed
 * send is retried by the delivery loop.
 */
async function sendResetCode(deps: AuthDeps, contact: ResetContact, requestedAt: number): Promise<void> {
  const settings = await deps.settings.get();
  const byPhone = 'phone' in contact;
  // Only a verified contact finds an account (decision 021).
  const user = byPhone
    ? await findUserByVerifiedPhone(deps.db, contact.phone)
    : await findUserByVerifiedEmail(deps.db, contact.email);
  const owned = user && !user.isBlocked ? (byPhone ? user.phone : user.email) : null;
  const id = owned && user ? user.id : NO_ACCOUNT;
  const destination = owned ?? (byPhone ? contact.phone : contact.email.trim().toLowerCase());
  // One request of an account at a time checks and issues (requests run in parallel in the
  // background): else several could pass the minute between codes before any is stored.
  const issued = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reset-code|${owned ? id : destination}`}, 0))`);
    const allowed =
      (await resendWait(tx, id, 'reset', undefined, requestedAt)) === 0 &&
      (await underCodeCaps(tx, id, destination, requestedAt));
    if (!owned || !user || !allowed) return null;
    const channel: CodeChannel = byPhone ? 'sms' : 'email';
    const code = await issueCode(tx, user.id, 'reset', { channel, destination: owned });
    // Beside the code, a link no one can guess: five wrong codes from strangers do not stop it (finding 10).
    const token = await issueLink(tx, user.id, 'reset', owned);
    return { code, token };
  });
  if (!issued || !owned || !user) return;
  const { code, token } = issued;
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/GetStarted?reset=${token}`;
  const siteName = settings.general.siteName;
  if (byPhone) await deps.notifications.sendSms({ to: owned, text: resetSms(code, siteName, link) });
  else await deps.notifications.sendEmail(resetEmail(owned, code, user.firstName, siteName, link));
}

/** Which contact a reset code or link was sent to, still held by the account: it is proven by the reset. */
function provenContact(user: UserRow, code: OneTimeCodeRow): CodeChannel | null {
  if (user.email && code.destination === user.email) return 'email';
  if (user.phone && code.destination === user.phone) return 'sms';
  return null;
}

export async function setNewPassword(deps: AuthDeps, input: z.output<typeof newPasswordRequestSchema>) {
  const settings = await deps.settings.get();
  checkPasswordRules(input.newPassword, settings.security.passwordMinLength, 'newPassword');
  let user: UserRow | null;
  let code: OneTimeCodeRow;
  if ('token' in input) {
    // The reset link: unknown, used, expired or wrong tokens answer like a wrong code.
    code = await useLink(deps.db, 'reset', input.token);
    user = await findUserById(deps.db, code.userId as string);
    if (!user || user.isBlocked || !provenContact(user, code)) {
      throw new AppError('OTP_INVALID', MESSAGES.otpInvalid);
    }
  } else {
    user =
      'phone' in input
        ? await findUserByVerifiedPhone(deps.db, input.phone)
        : await findUserByVerifiedEmail(deps.db, input.email);
    // Every refusal is OTP_INVALID, whether or not the account exists (no OTP_TOO_MANY_TRIES tell).
    code = await useCode(deps.db, user?.id ?? null, 'reset', input.otp, { uniform: true });
    if (!user) throw new AppError('OTP_INVALID', MESSAGES.otpInvalid);
  }
  // A reset by the code or by the link ends both.
  await consumeOpenCodes(deps.db, user.id, 'reset');
  await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
  await revokeAllSessions(deps.db, user.id);
  // A reset code lifts every sign-in wait of the account.
  await clearThrottles(deps.db, user.id);
  // A code proves the contact it was sent to: that contact (and so the account) is verified from now on.
  const proven = provenContact(user, code);
  if (proven) await markContactVerified(deps.db, user.id, proven, code.destination);
  // The owner hears of the change: by e-mail, else by SMS to an allowed number.
  if (user.email) {
    await deps.notifications.queueEmail(passwordChangedEmail(user.email, user.firstName, settings.general.siteName));
  } else if (user.phone && smsAllowed(user.phone, settings)) {
    await deps.notifications.queueSms({ to: user.phone, text: passwordChangedSms(settings.general.siteName) });
  }
  return { message: MESSAGES.passwordChanged };
}
