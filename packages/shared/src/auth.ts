import { z } from 'zod';
import { emailSchema } from './common';
import { referralRefField } from './referrals';
import { asE164, DEFAULT_DIAL_CODE, PHONE_INVALID, toE164 } from './phone';
import { publicUserSchema } from './users';

/** The password rules the settings may choose from. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_TRIES = 5;
export const LOGIN_TIMEOUT_MS = 10_000;
export const LOCKOUT_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MESSAGES = {
  loginSuccess: 'Connexion réussie !',
  invalidCredentials: 'Identifiants invalides',
  otpRequired: 'Un code OTP a été envoyé pour vérification',
  otpInvalid: 'Code OTP invalide',
  otpIncomplete: 'Veuillez entrer les 6 chiffres du code',
  otpResent: 'Nouveau code OTP envoyé !',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  contactRequired: 'Veuillez renseigner au moins un email ou un numéro de téléphone.',
  resetSent: 'Un code de réinitialisation a été envoyé à votre adresse email',
  resetSentBySms: 'Un code de réinitialisation a été envoyé par SMS à votre numéro de téléphone',
  passwordChanged: 'Mot de passe modifié avec succès',
  verified: 'Compte vérifié avec succès! Un email de confirmation vous a été envoyé.',
} as const;

/**
 * The most used passwords (public breach lists), refused whatever their length.
 * Compared without regard to case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '123456789',
  '12345678',
  'password',
  'qwerty123',
  'qwerty1',
  '111111',
  '12345',
  'secret',
  '123123',
  '1234567890',
  '1234567',
  '000000',
  'qwerty',
  'abc123',
  'password1',
  'iloveyou',
  '11111111',
  'dragon',
  'monkey',
  '123321',
  '654321',
  '666666',
  '121212',
  '112233',
  'azerty',
  'azerty123',
  'azertyuiop',
  'qwertyuiop',
  'motdepasse',
  'motdepasse1',
  'soleil',
  'bonjour',
  'bonjour1',
  'doudou',
  'loulou',
  'chouchou',
  'jetaime',
  'marseille',
  'camerounais',
  'cameroun',
  'cameroon',
  'kamerun',
  'mtn',
  'mtncm',
  'cameroun237',
  'douala',
  'yaounde',
  'football',
  'baseball',
  'welcome',
  'welcome1',
  'letmein',
  'sunshine',
  'princess',
  'charlie',
  'shadow',
  'superman',
  'michael',
  'jordan23',
  'trustno1',
  'master',
  'hello123',
  'freedom',
  'whatever',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'password123',
  'password12',
  'admin',
  'admin123',
  'administrator',
  'root',
  'toor',
  'changeme',
  '987654321',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq12wsx',
  '1qaz2wsx',
  'qazwsx',
  'aa123456',
  '123qwe',
  'qwe123',
  '00000000',
  '88888888',
  '87654321',
  '12341234',
  '123654',
  '159753',
  '147258369',
  '789456123',
  'asdfghjk',
  'asdfgh',
  'computer',
  'internet',
  'starwars',
  'pokemon',
  'liverpool',
  'chelsea',
  'arsenal',
  'barcelona',
  'samsung',
  'iphone',
  'google',
  'facebook',
  'azerty12',
  'azerty1',
  'motdepass',
  '0123456789',
  'abcd1234',
  'abcdef',
  'a1b2c3d4',
  'abc12345',
  'qwerty12',
  'mustang',
  'killer',
  'batman',
  'lovely',
  'family',
  // French and Cameroonian favourites
  'lionsindomptables',
  'indomptables',
  'etoo',
  'samueletoo',
  'mboa',
  'mbolo',
  'jesus',
  'jesuschrist',
  'dieuestbon',
  'dieu',
  'amour',
  'mamour',
  'maman',
  'papa',
  'bebe',
  'princesse',
  'chocolat',
  'parisien',
  'azertyui',
  'qsdfghjk',
  'wxcvbn',
  'mtncameroun',
  'orangecameroun',
  'camtel',
  'bafoussam',
  'garoua',
  'kribi',
  'limbe',
  'buea',
  'bamenda',
  'ngaoundere',
  'yaounde237',
  'douala237',
  '237237',
]);

/** The length a new password needs: the setting, never below PASSWORD_MIN_LENGTH (8). */
export function effectivePasswordMinLength(setting: number): number {
  return Math.max(PASSWORD_MIN_LENGTH, setting);
}

/** Leetspeak read back as letters: '@' and '4' are a, '0' is o… ('1' and '!' tried as i and as l). */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

/** A leet character stands for a letter only beside letters ('c@meroun', 'camer00n', 'p4ssw0rd'). */
const LEET_RUN = /(?<=\p{L})[@483690$57+21!|]+(?=\p{L})|^[@4305$7]+(?=\p{L})/gu;

function unLeet(value: string, one: 'i' | 'l'): string {
  return value.replace(LEET_RUN, (run) =>
    [...run].map((char) => (char === '1' || char === '!' || char === '|' ? one : (LEET[char] ?? char))).join(''),
  );
}

/** Runs that add no strength: three or more characters in order ('abcd', '1234', '987'), repeated ('aaa', '000'), years. */
function isTrivialRun(run: string): boolean {
  const codes = [...run].map((char) => char.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return Math.abs(step) <= 1 && codes.every((code, index) => index === 0 || code - (codes[index - 1] ?? 0) === step);
}

/**
 * What a password says once its trivial parts are taken out (years already are): symbols, runs of
 * three or more characters in order or repeated ('123456', 'abcd', 'aaa'); the parts left are
 * split there and those of 3 characters or more kept.
 */
function meaningfulParts(value: string): string[] {
  const parts: string[] = [];
  for (const piece of value.split(/[^\p{L}\p{N}]+/u)) {
    const chars = [...piece];
    let current = '';
    let index = 0;
    while (index < chars.length) {
      let end = index + 1;
      while (end < chars.length && isTrivialRun(chars.slice(index, end + 1).join(''))) end++;
      if (end - index >= 3) {
        if (current) parts.push(current);
        current = '';
        index = end;
      } else {
        current += chars[index];
        index++;
      }
    }
    if (current) parts.push(current);
  }
  return parts.filter((part) => part.length >= 3);
}

/**
 * Whether a password is too common: in `list` (this file's French and Cameroonian favourites by
 * default; the API adds a breach list of about 50,000), a listed word with digits or symbols
 * around it ('Password2024', 'azerty2024!'), one repeated character or a short repeated pattern
 * ('aaaaaaaa', 'abcabcabc'). Then, leetspeak read back as letters ('C@meroun', 'Camer00n'), and
 * symbols, years and runs in order or repeated taken out ('Abcd1234!', 'Aa123456!', 'MTN2024cm'):
 * too common when nothing of 3 characters is left, or only one listed word (issue 24 item 16,
 * decision 024). Two words or more pass ('Demo-Passw0rd!'). Compared without regard to case.
 * The web and the API share it.
 */
export function isCommonPassword(password: string, list: ReadonlySet<string> = COMMON_PASSWORDS): boolean {
  const listed = (word: string) => list.has(word) || COMMON_PASSWORDS.has(word);
  const value = password.trim().toLowerCase();
  if (listed(value)) return true;
  if (new Set(value).size < 3 || /^(.{1,4})\1+$/u.test(value)) return true;
  const core = value.replace(/^[\d\W_]+/u, '').replace(/[\d\W_]+$/u, '');
  if (core.length >= 4 && core !== value && listed(core)) return true;
  // Years first: '2024' between letters is a year, not leetspeak.
  const withoutYears = value.replace(/(?:19|20)\d\d/gu, ' ');
  for (const readable of new Set([unLeet(withoutYears, 'i'), unLeet(withoutYears, 'l')])) {
    const parts = meaningfulParts(readable);
    if (parts.length === 0) return true;
    if (parts.length === 1 && listed(parts[0] as string)) return true;
  }
  return false;
}

export const commonPasswordMessage = 'Ce mot de passe est trop courant. Choisissez-en un autre.';
export const passwordLengthMessage = (min: number) => `Le mot de passe doit contenir au moins ${min} caractères`;
const passwordTooLong = `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères`;

/** A new password: length from the settings, no composition rule, the most common refused. */
export function newPasswordSchema(minLength: number) {
  return z
    .string({ message: 'Mot de passe requis' })
    .min(1, { message: 'Mot de passe requis' })
    .min(minLength, { message: passwordLengthMessage(minLength) })
    .max(PASSWORD_MAX_LENGTH, { message: passwordTooLong })
    .refine((value) => !isCommonPassword(value), { message: commonPasswordMessage });
}

/**
 * Strength meter of the sign-up form: 0-3, advisory, and never above 'Faible' for a password the server
 * refuses (shorter than `minLength`, or too common).
 */
export function passwordStrength(
  password: string,
  minLength = PASSWORD_MIN_LENGTH,
): {
  score: 0 | 1 | 2 | 3;
  label: 'Aucun' | 'Faible' | 'Moyen' | 'Fort';
  checks: { length: boolean; uppercase: boolean; digit: boolean; special: boolean; notCommon: boolean };
} {
  const checks = {
    length: password.length >= effectivePasswordMinLength(minLength),
    notCommon: password.length > 0 && !isCommonPassword(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
  let score = 0;
  if (checks.length) score += 1;
  if (/\p{L}/u.test(password) && checks.digit) score += 1;
  if (checks.special || checks.uppercase) score += 1;
  if (password.length > 0 && (!checks.length || !checks.notCommon)) score = Math.min(score, 1);
  const labels = ['Aucun', 'Faible', 'Moyen', 'Fort'] as const;
  return { score: score as 0 | 1 | 2 | 3, label: labels[score] as (typeof labels)[number], checks };
}

// ---------------------------------------------------------------- login

export const IDENTIFIER_TYPES = ['email', 'phone', 'username'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export const IDENTIFIER_LABELS: Record<IdentifierType, string> = {
  email: 'Email',
  phone: 'Numéro de téléphone',
  username: "Nom d'utilisateur",
};

function loginIssues(value: { identifier: string; password: string; identifierType?: IdentifierType }, ctx: z.RefinementCtx) {
  const missingIdentifier = value.identifierType ? `${IDENTIFIER_LABELS[value.identifierType]} requis` : 'Identifiant requis';
  if (!value.identifier && !value.password) {
    ctx.addIssue({ code: 'custom', message: 'Identifiant et mot de passe requis', path: ['identifier'] });
  } else if (!value.identifier) {
    ctx.addIssue({ code: 'custom', message: missingIdentifier, path: ['identifier'] });
  } else if (!value.password) {
    ctx.addIssue({ code: 'custom', message: 'Mot de passe requis', path: ['password'] });
  }
}

/** `POST /users/login`: the identifier is a username, an e-mail or a phone in any written form. */
export const loginSchema = z
  .strictObject({
    identifier: z.string().trim().max(254).default(''),
    password: z.string().max(1024).default(''),
    /** The known-device token this browser or app got at an earlier sign-in (issue 24), if any. */
    deviceToken: z.string().max(200).optional(),
  })
  .superRefine(loginIssues);
export type LoginInput = z.input<typeof loginSchema>;

/** The login form: the same, plus the identifier type that names the missing field. */
export const loginFormSchema = z
  .object({
    identifierType: z.enum(IDENTIFIER_TYPES),
    identifier: z.string().trim().max(254),
    password: z.string().max(1024),
  })
  .superRefine(loginIssues);
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: publicUserSchema,
  /** Kept by the client and sent back at each sign-in: lets the owner past a sign-in wait. */
  deviceToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const otpChannelSchema = z.enum(['sms', 'email', 'both']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

/** Error answers of login carry these extra fields. */
export const loginErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  requiresOTP: z.boolean().optional(),
  otpChannel: otpChannelSchema.optional(),
  lockUntil: z.string().optional(),
});

export const meResponseSchema = z.object({ user: publicUserSchema });

// ---------------------------------------------------------------- register

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value === null ? undefined : value;

const optionalEmailField = z.preprocess(emptyToUndefined, emailSchema().optional());

/** Empty, or only the default dial code, means no phone. */
const optionalPhoneField = z.preprocess(
  (value) => (typeof value === 'string' && value.replace(/\s/g, '') === DEFAULT_DIAL_CODE ? undefined : emptyToUndefined(value)),
  z.string().trim().max(30, { message: PHONE_INVALID }).transform(asE164).optional(),
);

export const nameField = (label: string) =>
  z
    .string({ message: `${label} requis` })
    .trim()
    .min(1, { message: `${label} requis` })
    .max(60, { message: `${label} : 60 caractères au maximum` });

/** Latin, Cyrillic, Greek…: a name mixing alphabets is how look-alikes are built. */
function scriptsOf(value: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of value) {
    if (/\p{Script=Latin}/u.test(char)) scripts.add('Latin');
    else if (/\p{Script=Cyrillic}/u.test(char)) scripts.add('Cyrillic');
    else if (/\p{Script=Greek}/u.test(char)) scripts.add('Greek');
    else if (/\p{L}/u.test(char)) scripts.add('Other');
  }
  return scripts;
}

export const usernameSchema = z
  .string({ message: "Nom d'utilisateur requis" })
  .trim()
  .min(1, { message: "Nom d'utilisateur requis" })
  .min(3, { message: "Le nom d'utilisateur doit contenir entre 3 et 30 caractères" })
  .max(30, { message: "Le nom d'utilisateur doit contenir entre 3 et 30 caractères" })
  .regex(/^[\p{L}\p{N}._-]+$/u, {
    message: "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, « . », « _ » et « - »",
  })
  .transform((value) => value.normalize('NFKC'))
  .refine((value) => scriptsOf(value).size <= 1, {
    message: "Le nom d'utilisateur ne doit pas mélanger plusieurs alphabets (latin, cyrillique, grec…)",
  });

export const ADMIN_TYPES = ['admin', 'superadmin'] as const;

/** Registration payload; the password length comes from `settings.passwordMinLength`. */
export function makeRegisterSchema(passwordMinLength: number) {
  return z
    .strictObject({
      username: usernameSchema,
      email: optionalEmailField,
      phone: optionalPhoneField,
      password: newPasswordSchema(passwordMinLength),
      confirmPassword: z.string({ message: 'Confirmez le mot de passe' }).max(PASSWORD_MAX_LENGTH),
      firstName: nameField('Prénom'),
      lastName: nameField('Nom'),
      adminType: z.preprocess(emptyToUndefined, z.enum(ADMIN_TYPES, { message: 'Type d’administrateur invalide' }).optional()),
      /** Referral code from `/GetStarted?ref=`; counts once the account is verified. */
      ref: referralRefField,
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.confirmPassword) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
      }
      if (!value.email && !value.phone) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.contactRequired, path: ['email'] });
      }
    });
}
/** The route schema: any length from 1; the service applies the configured minimum. */
export const registerSchema = makeRegisterSchema(1);
export type RegisterInput = z.input<typeof registerSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  otpChannel: otpChannelSchema,
  /** The stored contact, for the code view and `resend-otp`. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Set when the SMS could not be sent now (it is retried): the notice with a WhatsApp contact. */
  smsNotice: z.string().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// ---------------------------------------------------------------- codes

export const otpSchema = z
  .string({ message: MESSAGES.otpIncomplete })
  .trim()
  .regex(/^\d{6}$/, { message: MESSAGES.otpIncomplete });

/** A contact that names the account: `email`, `phone`, or any `identifier` (after a login asked for a code). */
const contactFields = {
  email: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().max(254).optional()),
  phone: z.preprocess(emptyToUndefined, z.string().trim().max(30).optional()),
  identifier: z.preprocess(emptyToUndefined, z.string().trim().max(254).optional()),
};
const needsContact = (value: { email?: string; phone?: string; identifier?: string }, ctx: z.RefinementCtx) => {
  if (!value.email && !value.phone && !value.identifier) {
    ctx.addIssue({ code: 'custom', message: 'Aucun contact trouvé. Veuillez vous réinscrire.', path: ['email'] });
  }
};

export const verifyOtpSchema = z.strictObject({ ...contactFields, otp: otpSchema }).superRefine(needsContact);
export type VerifyOtpInput = z.input<typeof verifyOtpSchema>;

export const resendOtpSchema = z.strictObject(contactFields).superRefine(needsContact);
export type ResendOtpInput = z.input<typeof resendOtpSchema>;

export const resendOtpResponseSchema = z.object({
  message: z.string(),
  otpChannel: otpChannelSchema.optional(),
  smsNotice: z.string().optional(),
});

export const sendConfirmationSchema = z.strictObject({
  email: emailSchema(),
});

// ---------------------------------------------------------------- reset

/** Reset by e-mail or by phone (issue 25 item 8): the account's verified e-mail, or its verified phone in any written form. */
export const RESET_CONTACT_MESSAGES = {
  required: 'E-mail ou numéro de téléphone requis',
  invalid: 'Adresse e-mail ou numéro de téléphone invalide',
  onlyOne: 'Donnez l’adresse e-mail ou le numéro de téléphone, pas les deux',
} as const;

const resetEmailField = emailSchema({ required: 'Adresse e-mail requise' });
const resetPhoneField = z.string().trim().max(30, { message: PHONE_INVALID }).transform(asE164);

/** `POST /auth/reset-password`: exactly one of `email` or `phone` (E.164 once parsed). */
export const resetPasswordSchema = z
  .strictObject({
    email: z.preprocess(emptyToUndefined, resetEmailField.optional()),
    phone: z.preprocess(emptyToUndefined, resetPhoneField.optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', message: RESET_CONTACT_MESSAGES.required, path: ['email'] });
    if (value.email && value.phone) ctx.addIssue({ code: 'custom', message: RESET_CONTACT_MESSAGES.onlyOne, path: ['phone'] });
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Where a reset code goes: the e-mail, or the phone in E.164. */
export type ResetContact = { email: string } | { phone: string };

/**
 * The reset form's one field 'E-mail ou téléphone': an e-mail (it holds '@'), else a phone in any
 * written form ('6 50 00 00 01', '+237 650…', '00237 650…'), read by the same parser as sign-in.
 */
export const resetContactFormSchema = z.object({
  contact: z
    .string()
    .trim()
    .max(254, { message: RESET_CONTACT_MESSAGES.invalid })
    .transform((value, ctx): ResetContact => {
      if (!value) {
        ctx.addIssue({ code: 'custom', message: RESET_CONTACT_MESSAGES.required });
        return z.NEVER;
      }
      if (value.includes('@')) {
        const email = resetEmailField.safeParse(value);
        if (email.success) return { email: email.data };
      } else {
        const phone = toE164(value);
        if (phone) return { phone };
      }
      ctx.addIssue({ code: 'custom', message: RESET_CONTACT_MESSAGES.invalid });
      return z.NEVER;
    }),
});
export type ResetContactFormValues = z.input<typeof resetContactFormSchema>;

/**
 * The reset link's token (issue 24, finding 10): the code row's id, a dot, 256 random bits in
 * base64url. Sent in the reset e-mail as `/GetStarted?reset=<token>`.
 */
export const RESET_TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;
export const resetTokenSchema = z.string().regex(RESET_TOKEN_PATTERN, MESSAGES.otpInvalid);

/** A new password with the e-mail or the phone and its 6-digit code, or the reset link's token: exactly one of these. */
export function makeNewPasswordSchema(passwordMinLength: number) {
  return z.union([
    z.strictObject({
      email: resetEmailField,
      otp: otpSchema,
      newPassword: newPasswordSchema(passwordMinLength),
    }),
    z.strictObject({
      phone: resetPhoneField,
      otp: otpSchema,
      newPassword: newPasswordSchema(passwordMinLength),
    }),
    z.strictObject({
      token: resetTokenSchema,
      newPassword: newPasswordSchema(passwordMinLength),
    }),
  ]);
}
export const newPasswordRequestSchema = makeNewPasswordSchema(1);
export type NewPasswordInput = z.input<typeof newPasswordRequestSchema>;

/** The new-password form: the code, the new password twice. */
export function makeNewPasswordFormSchema(passwordMinLength: number) {
  return z
    .object({
      otp: otpSchema,
      newPassword: newPasswordSchema(passwordMinLength),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .superRefine((value, ctx) => {
      if (value.newPassword !== value.confirmPassword) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
      }
    });
}
