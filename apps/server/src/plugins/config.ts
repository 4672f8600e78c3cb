import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: defaults such as ./data are relative to it, wherever npm runs the script. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const settingsSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://hoa.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SEED_DEMO: booleanSetting.optional(),
  SESSION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be more than 0')
    .max(365, 'must be at most 365')
    .default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanSetting.default(false),
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.string().optional(),
  COMPANY_NAME: z.string().trim().min(1).max(80, 'must be at most 80 characters').default('Commonwise'),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('hello@commonwise.test'),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number such as +1 (555) 010-0200')
    .default('+1 (555) 010-0200'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Commonwise <no-reply@commonwise.test>'),
  AI_BASE_URL: z
    .url({ error: 'must be the URL of an OpenAI-compatible API, such as http://localhost:11434/v1' })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive('must be more than 0')
    .max(300, 'must be at most 300')
    .default(20),
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive('must be more than 0')
    .max(1024, 'must be at most 1024')
    .default(25),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanSetting.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_live_… or pk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  WORKER_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no background jobs in this process) or more')
    .max(16, 'must be at most 16')
    .default(1),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  isSecureCookies: boolean;
  authSecret: string;
  seedDemo: boolean;
  sessionDays: number;
  logLevel: z.infer<typeof settingsSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDist: string;
  version: string;
  site: { companyName: string; contactEmail: string; contactPhone: string };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** The model assistant; without a base URL and a model the built-in assistant answers. */
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  uploadMaxBytes: number;
  storage:
    | { driver: 'local'; rootDir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** Background jobs run at once in this process; 0 leaves them to a separate worker process. */
  workerConcurrency: number;
  /** Online payments through Stripe (decision 0052), when its three keys are set. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the settings. Every bad value is reported at once, by name, so a person can fix
 * them all in one go. Empty strings count as unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.')} ${issue.message} (got "${present[String(issue.path[0])]}")`,
      ),
    );
  }
  const settings = parsed.data;
  const baseDir = env.INIT_CWD ?? repoRoot;
  const dataDir = isAbsolute(settings.DATA_DIR) ? settings.DATA_DIR : resolve(baseDir, settings.DATA_DIR);
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  const isProduction = settings.NODE_ENV === 'production';
  if (isProduction && !settings.AUTH_SECRET) {
    throw new ConfigError(['AUTH_SECRET must be set in production (at least 32 random characters)']);
  }
  if (settings.STORAGE_DRIVER === 's3' && !settings.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET must be set when STORAGE_DRIVER is s3']);
  }
  const stripeKeys = [
    settings.STRIPE_SECRET_KEY,
    settings.STRIPE_PUBLISHABLE_KEY,
    settings.STRIPE_WEBHOOK_SECRET,
  ];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean))
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set together, or none of them',
    ]);
  const isLiveKey = (key: string | undefined) => /_live_/.test(key ?? '');
  if (
    stripeKeys.every(Boolean) &&
    isLiveKey(settings.STRIPE_SECRET_KEY) !== isLiveKey(settings.STRIPE_PUBLISHABLE_KEY)
  )
    throw new ConfigError([
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be live keys or both test keys',
    ]);
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    publicUrl,
    isSecureCookies: publicUrl.startsWith('https://'),
    authSecret: settings.AUTH_SECRET ?? readOrCreateLocalSecret(dataDir),
    seedDemo: settings.SEED_DEMO ?? settings.DATABASE_URL === undefined,
    sessionDays: settings.SESSION_DAYS,
    logLevel: settings.LOG_LEVEL,
    trustProxy: settings.TRUST_PROXY,
    webDist: settings.WEB_DIST ? resolve(baseDir, settings.WEB_DIST) : join(repoRoot, 'apps/web/dist'),
    version: readVersion(),
    site: {
      companyName: settings.COMPANY_NAME,
      contactEmail: settings.CONTACT_EMAIL,
      contactPhone: settings.CONTACT_PHONE,
    },
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    ai: {
      baseUrl: settings.AI_BASE_URL,
      apiKey: settings.AI_API_KEY,
      model: settings.AI_MODEL,
      timeoutMs: Math.round(settings.AI_TIMEOUT_SECONDS * 1000),
    },
    uploadMaxBytes: Math.round(settings.UPLOAD_MAX_MB * 1024 * 1024),
    storage:
      settings.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: settings.S3_BUCKET!,
            region: settings.S3_REGION,
            endpoint: settings.S3_ENDPOINT,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', rootDir: join(dataDir, 'files') },
    workerConcurrency: settings.WORKER_CONCURRENCY,
    stripe:
      settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY && settings.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: settings.STRIPE_SECRET_KEY,
            publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
          }
        : null,
  };
}

/** Outside production a missing secret is generated once and kept in the data directory, so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** What e-mails say about this installation. */
export function siteOf(config: Config): { companyName: string; publicUrl: string } {
  return { companyName: config.site.companyName, publicUrl: config.publicUrl };
}
