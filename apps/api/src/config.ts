import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** Every environment variable the API reads. `.env.example` documents each one. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Default: http://localhost:PORT (the port really listened on, also with PORT=0). */
  PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Évènements Cameroun <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: optionalUrl,
  SMS_HTTP_TOKEN: z.string().default(''),
  SMS_SENDER: z.string().default('EVENTS'),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per event; json: one JSON object per line. Default: pretty in a terminal, else json. */
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['pretty', 'json']).optional()),
  REDIS_URL: optionalUrl,
  /** Anonymous list answers, dashboard and charts cached this long (0: off). Default 5000; 0 under test. */
  ANSWER_CACHE_TTL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).optional()),
  /** Sessions checked a moment ago are kept this long (decision 070; 0: off). Default 60000; 0 under test. */
  SESSION_CACHE_TTL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).optional()),
  /** Anonymous reads querying the database at once. Default: the pool size minus 3 (at least 1). */
  PUBLIC_READ_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  /** Anonymous list and search requests per address and minute. Default: 600 */
  PUBLIC_READ_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  WEB_DIST_DIR: z.string().optional(),
  /** Signs the waiting-list form tokens (decision 021). Empty: DATA_DIR/form-token.secret, made at first start. */
  FORM_TOKEN_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * Derives each event's Ed25519 key that signs its tickets' QR codes (decision 045). Empty:
   * DATA_DIR/ticket-signing.secret, made at first start. Changing it invalidates every ticket.
   */
  TICKET_SIGNING_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * Web Push's VAPID keys (decision 062), base64url as `web-push generate-vapid-keys` prints them;
   * both or neither. Empty: DATA_DIR/vapid-keys.json, made at first start. Changing them ends every
   * device's subscription.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
  ),
  /** Who the push services may contact about our pushes: mailto: or https:. Default: mailto: and ADMIN_EMAIL, else MAIL_FROM's address. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
      .optional(),
  ),
  /** S3-compatible storage for uploaded images; without S3_BUCKET, DATA_DIR/uploads/. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  // ─── Mobile Money: MTN MoMo Collection API (issue 28; empty keys: the local emulator) ───
  /** MTN MoMo Open API's address: production https://proxy.momoapi.mtn.com, sandbox https://sandbox.momodeveloper.mtn.com. */
  MTN_MOMO_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://proxy.momoapi.mtn.com')),
  /** The Collection product's subscription key (Ocp-Apim-Subscription-Key). Empty, with the two below: the emulator. */
  MTN_MOMO_SUBSCRIPTION_KEY: z.string().default(''),
  /** The API user (a uuid) and its API key, made for the Collection subscription (Basic auth of the token call). */
  MTN_MOMO_API_USER: z.string().default(''),
  MTN_MOMO_API_KEY: z.string().default(''),
  /** X-Target-Environment: mtncameroon in production, sandbox on MTN's sandbox. */
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('mtncameroon'),
  /** The callback host registered with the API user: X-Callback-Url is sent only for addresses on it. Empty: never (polled). */
  MTN_MOMO_CALLBACK_HOST: z.string().default(''),
  /** The Disbursement product's subscription key, API user and API key, for refunds through MTN. Empty: refunds by hand. */
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().default(''),
  MTN_MOMO_DISBURSEMENT_API_USER: z.string().default(''),
  MTN_MOMO_DISBURSEMENT_API_KEY: z.string().default(''),
  // ─── Mobile Money: Orange Money (issue 28; empty keys: the local emulator) ───
  /** Orange Money Cameroon's merchant payment API (decision 051). Default: https://api-s1.orange.cm */
  ORANGE_MONEY_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://api-s1.orange.cm')),
  /** The API login (token by Basic auth). All five keys empty: the local emulator. */
  ORANGE_MONEY_USERNAME: z.string().default(''),
  ORANGE_MONEY_PASSWORD: z.string().default(''),
  /** The X-AUTH-TOKEN header Orange gives with the login. */
  ORANGE_MONEY_AUTH_TOKEN: z.string().default(''),
  /** The merchant's Orange Money number (channelUserMsisdn, 9 digits) and its PIN. */
  ORANGE_MONEY_CHANNEL_MSISDN: z.string().default(''),
  ORANGE_MONEY_PIN: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** PUBLIC_URL was not set: it follows the port actually listened on (`withListeningPort`). */
  PUBLIC_URL_IS_DEFAULT: boolean;
};

/** Relative paths (DATA_DIR) are taken from the repository root, wherever the command runs. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws an error that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { PUBLIC_URL, ...rest } = result.data;
  return {
    ...rest,
    DATA_DIR: path.resolve(REPO_ROOT, result.data.DATA_DIR),
    PUBLIC_URL: PUBLIC_URL ?? defaultPublicUrl(rest.HOST, rest.PORT),
    PUBLIC_URL_IS_DEFAULT: PUBLIC_URL === undefined,
  };
}

/** The address of this machine's server: `localhost` when listening on every interface. */
export function defaultPublicUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The config once the real port is known (PORT=0 picks a free one): the default PUBLIC_URL follows it. */
export function withListeningPort(config: Config, port: number): Config {
  return {
    ...config,
    PORT: port,
    PUBLIC_URL: config.PUBLIC_URL_IS_DEFAULT ? defaultPublicUrl(config.HOST, port) : config.PUBLIC_URL,
  };
}
