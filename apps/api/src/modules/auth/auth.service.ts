import type { FastifyInstance } from 'fastify';
import { alertTeam } from '../notifications/team-alerts';
import type { z } from 'zod';
import {
  commonPasswordMessage,
  isCommonPassword,
  LOCKOUT_MINUTES,
  type loginSchema,
  MESSAGES,
  type newPasswordRequestSchema,
  type OtpChannel,
  passwordLengthMessage,
  type registerSchema,
  type resendOtpSchema,
  type verifyOtpSchema,
} from '@app/shared/auth';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import {
  clearFailedLogins,
  findTakenFields,
  findUserByEmail,
  findUserByIdentifier,
  findUserByPhone,
  insertUser,
  isUniqueViolation,
  markVerified,
  recordFailedLogin,
  recordLogin,
  setPasswordHash,
} from './auth.repository';
import {
  confirmationEmail,
  passwordChangedEmail,
  resetEmail,
  smsNotice,
  verificationEmail,
  verificationSms,
} from './auth.messages';
import { issueCode, resendWait, tooSoon, useCode } from './otp.service';
import { createSession, revokeAllSessions, type UserRow } from './session.service';

const FIELD_LABELS = { username: "nom d'utilisateur", email: 'adresse e-mail', phone: 'numéro de téléphone' } as const;
const TAKEN_MESSAGES = {
  username: "Ce nom d'utilisateur est déjà utilisé",
  email: 'Cette adresse e-mail est déjà utilisée',
  phone: 'Ce numéro de téléphone est déjà utilisé',
} as const;

function checkPasswordRules(password: string, minLength: number, field: string): void {
  if (password.length < minLength) throw fieldError(field, passwordLengthMessage(minLength));
  if (isCommonPassword(password)) throw fieldError(field, commonPasswordMessage);
}

function channelOf(user: Pick<UserRow, 'email' | 'phone'>): OtpChannel {
  if (user.email && user.phone) return 'both';
  return user.phone ? 'sms' : 'email';
}

const CHANNEL_MESSAGES: Record<OtpChannel, string> = {
  sms: 'Inscription réussie ! Un code de vérification vous a été envoyé par SMS.',
  email: 'Inscription réussie ! Un code de vérification vous a été envoyé par email.',
  both: 'Inscription réussie ! Un code de vérification vous a été envoyé par SMS et par email.',
};

/** When the SMS could not be sent at once (it is retried in the background). */
const SMS_FAILED_MESSAGES: Record<OtpChannel, string> = {
  sms: "Inscription réussie ! L'envoi du code par SMS a rencontré un problème : nous réessayons.",
  email: CHANNEL_MESSAGES.email,
  both: "Inscription réussie ! Un code de vérification vous a été envoyé par email ; l'envoi par SMS a rencontré un problème.",
};

/** Sends a fresh verification code by SMS (phone) and e-mail (e-mail); a failed SMS is retried later. */
async function sendVerificationCode(
  app: FastifyInstance,
  user: UserRow,
): Promise<{ otpChannel: OtpChannel; smsNotice?: string }> {
  const code = await issueCode(app.db, user.id, 'verify');
  const smsSent = await deliverVerificationCode(app, user, code);
  const otpChannel = channelOf(user);
  if (smsSent !== false) return { otpChannel };
  const settings = await app.settings.get();
  return { otpChannel, smsNotice: smsNotice(settings.general.supportPhone) };
}

/** Answers whether the SMS went at once (null without a phone). */
async function deliverVerificationCode(app: FastifyInstance, user: UserRow, code: string): Promise<boolean | null> {
  const siteName = (await app.settings.get()).general.siteName;
  const [sms] = await Promise.all([
    user.phone ? app.notifications.sendSms({ to: user.phone, text: verificationSms(code, siteName) }) : null,
    user.email ? app.notifications.sendEmail(verificationEmail(user.email, code, user.firstName, siteName)) : null,
  ]);
  return sms ? sms.status === 'sent' : null;
}

export async function register(app: FastifyInstance, input: z.output<typeof registerSchema>) {
  const settings = await app.settings.get();
  checkPasswordRules(input.password, settings.security.passwordMinLength, 'password');
  const taken = await findTakenFields(app.db, input);
  if (taken.size > 0) throw duplicate(taken);
  let user: UserRow;
  try {
    user = await insertUser(app.db, {
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
    if (isUniqueViolation(error)) throw duplicate(await findTakenFields(app.db, input));
    throw error;
  }
  const sent = await sendVerificationCode(app, user);
  await alertTeam(app, 'notifyOnRegistration', `Nouvelle inscription : ${user.firstName} ${user.lastName}`.trim(), [
    'Un nouveau compte vient d’être créé.',
    '',
    `Nom : ${user.firstName} ${user.lastName}`,
    `Nom d’utilisateur : ${user.username ?? '—'}`,
    `Rôle demandé : ${user.requestedAdminType ?? 'utilisateur'}`,
    '',
    `${app.config.PUBLIC_URL}/admin/administration`,
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
async function findByContact(app: FastifyInstance, input: { email?: string; phone?: string; identifier?: string }) {
  if (input.email) return findUserByEmail(app.db, input.email);
  if (input.phone) return findUserByPhone(app.db, input.phone);
  if (input.identifier) return findUserByIdentifier(app.db, input.identifier);
  return null;
}

export async function verifyOtp(app: FastifyInstance, input: z.output<typeof verifyOtpSchema>) {
  const user = await findByContact(app, input);
  await useCode(app.db, user && !user.isVerified ? user.id : null, 'verify', input.otp);
  if (user) await markVerified(app.db, user.id);
  if (user) await app.referrals.accountVerified(user.id);
  return { message: 'Compte vérifié avec succès', email: user?.email ?? null };
}

export async function resendOtp(app: FastifyInstance, input: z.output<typeof resendOtpSchema>) {
  const user = await findByContact(app, input);
  // Unknown or already verified: the same answer, nothing sent.
  if (!user || user.isVerified) return { message: MESSAGES.otpResent };
  const wait = await resendWait(app.db, user.id, 'verify');
  if (wait > 0) throw tooSoon(wait);
  const sent = await sendVerificationCode(app, user);
  return { message: MESSAGES.otpResent, ...sent };
}

export async function sendConfirmation(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.db, email);
  if (user?.isVerified && user.email) {
    const settings = await app.settings.get();
    await app.notifications.sendEmail(confirmationEmail(user.email, user.firstName, settings.general.siteName));
  }
  return { message: 'Un email de confirmation vous a été envoyé.' };
}

export async function login(
  app: FastifyInstance,
  input: z.output<typeof loginSchema>,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; user: UserRow }> {
  const settings = await app.settings.get();
  const user = await findUserByIdentifier(app.db, input.identifier);
  // Same work whether or not the account exists, so the answer time tells nothing.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (user?.lockUntil && user.lockUntil.getTime() > Date.now()) throw locked(user.lockUntil);
  if (!user || !valid) {
    if (user) {
      const lockUntil = new Date(Date.now() + LOCKOUT_MINUTES * 60_000);
      const lockedNow = await recordFailedLogin(app.db, user.id, settings.security.maxLoginAttempts, lockUntil);
      if (lockedNow) throw locked(lockedNow);
    }
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  if (user.isBlocked) throw new AppError(403, 'ACCOUNT_BLOCKED', 'Ce compte est bloqué. Contactez le support.');
  if (!user.isVerified && settings.security.requireEmailVerification) {
    await clearFailedLogins(app.db, user.id);
    const wait = await resendWait(app.db, user.id, 'verify');
    if (wait === 0) {
      // Not awaited: sign-in answers at once (the form gives up after 10 s) even when a provider
      // is slow; the code is stored before this answer and the messages are retried if need be.
      const code = await issueCode(app.db, user.id, 'verify');
      deliverVerificationCode(app, user, code).catch((error: unknown) =>
        app.log.error({ err: error }, 'verification code not stored for delivery'),
      );
    }
    const sent = { otpChannel: channelOf(user) };
    throw new AppError(403, 'OTP_REQUIRED', MESSAGES.otpRequired, undefined, {
      requiresOTP: true,
      otpChannel: sent.otpChannel,
    });
  }
  await recordLogin(app.db, user.id);
  const session = await createSession(app.db, user.id, settings.security.sessionTimeout, meta);
  return { token: session.token, user };
}

function locked(until: Date): AppError {
  const label = until.toLocaleString('fr-FR', { timeZone: 'Africa/Douala', dateStyle: 'short', timeStyle: 'short' });
  return new AppError(403, 'ACCOUNT_LOCKED', `Compte bloqué. Réessayez après ${label}`, undefined, {
    lockUntil: until.toISOString(),
  });
}

export async function requestPasswordReset(app: FastifyInstance, email: string, log: FastifyInstance['log']) {
  const user = await findUserByEmail(app.db, email);
  if (user?.email && !user.isBlocked && (await resendWait(app.db, user.id, 'reset')) === 0) {
    const settings = await app.settings.get();
    const code = await issueCode(app.db, user.id, 'reset');
    // Not awaited: the answer must take the same time whether or not the account exists.
    // The message is stored before the send; a failed send is retried by the delivery loop.
    app.notifications
      .sendEmail(resetEmail(user.email, code, user.firstName, settings.general.siteName))
      .catch((error: unknown) => log.error({ err: error }, 'reset e-mail not stored'));
  }
  return { message: MESSAGES.resetSent };
}

export async function setNewPassword(app: FastifyInstance, input: z.output<typeof newPasswordRequestSchema>) {
  const settings = await app.settings.get();
  checkPasswordRules(input.newPassword, settings.security.passwordMinLength, 'newPassword');
  const user = await findUserByEmail(app.db, input.email);
  await useCode(app.db, user?.id ?? null, 'reset', input.otp);
  if (!user) throw new AppError(400, 'OTP_INVALID', MESSAGES.otpInvalid);
  await setPasswordHash(app.db, user.id, await hashPassword(input.newPassword));
  await revokeAllSessions(app.db, user.id);
  // A code sent by e-mail proves the address: the account is verified from now on.
  if (!user.isVerified) await markVerified(app.db, user.id);
  if (user.email) {
    await app.notifications.sendEmail(passwordChangedEmail(user.email, user.firstName, settings.general.siteName));
  }
  return { message: MESSAGES.passwordChanged };
}
