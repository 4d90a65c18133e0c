/**
 * Every environment variable the server reads, parsed and defaulted here and nowhere else.
 * See api/README.md for the list.
 */
import { isIP } from 'node:net';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { REMOTE_APPS, REMOTE_NAMES, type RemoteName } from '@lender/shared/apps';
import type { RemoteEntry } from '@lender/shared/contract/remotes';
import { isValidTimeZone } from './domain/clock';
import { DEFAULT_THRESHOLD_DAYS } from './domain/loan-engine';
// A module declares the settings it takes; this file only reads them from the environment (so no
// module imports this file, and api/src's top files and the modules make no cycle: scripts/import-arrows.mjs).
import type { BackupSettings } from './modules/backups/service';
import type { MpesaConfig } from './modules/mpesa/routes';
import type { DeviceLockConfig } from './modules/device-lock/routes';
import type { SmsConfig } from './modules/messages/routes';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  logLevel: string;
  /** Absolute. Holds pglite/ and files/ (when S3_BUCKET is unset). */
  dataDir: string;
  /** PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  admin: { email: string; password: string; passwordFromEnvironment: boolean };
  /** Undefined: generated once and kept in the database (plugins/auth.ts resolveJwtSecret). */
  jwtSecret: string | undefined;
  timeZone: string;
  /** LENDER_NOW: fixes business time (tests only). */
  fixedNow: Date | undefined;
  /**
   * LENDER_WALL_AHEAD_MINUTES: the security timers' clock (token expiry, signed URLs, sign-in
   * throttles) this many minutes ahead of real time, so that a browser test can move the server's
   * clock with the browser's (tests only).
   */
  wallAheadMs: number;
  /**
   * LATE_FEE_PERCENT: % of an installment charged once when it goes past due unpaid, as an exact
   * decimal string ('0' to '100', at most 2 decimals). Copied onto each loan at approval.
   */
  lateFeePercent: string;
  /** DEFAULT_THRESHOLD_DAYS: a loan is defaulted once days_overdue exceeds this (company policy, all loans). */
  defaultThresholdDays: number;
  /** Absolute. Holds shell/dist and mf-<name>/dist. */
  staticRoot: string;
  /**
   * Absolute. DEPLOY_DIR: the remotes deployed on their own (`npm run deploy`), one folder per
   * version, and state.json naming the live one; served under /deployed/. Default <STATIC_ROOT>/deploy.
   */
  deployDir: string;
  remotes: RemoteEntry[];
  /** Requests per minute per client address to /api. */
  rateLimitMax: number;
  /**
   * Which proxies' X-Forwarded-For to believe, so that throttling and the rate limit see client
   * addresses (Fastify's `trustProxy`): false (none, the default), a number of trusted hops
   * counted from the right, or the proxies' addresses and CIDR ranges. Never "trust everything":
   * the leftmost address is whatever the client wrote.
   */
  trustProxy: false | number | string[];

  /**
   * S3_*: uploaded files in an S3-compatible bucket instead of DATA_DIR/files, so that every
   * instance behind a load balancer serves every file. Undefined when S3_BUCKET is unset.
   */
  s3: S3Settings | undefined;

  /** MPESA_*: the paybill's C2B callbacks (issue 13; docs/deploy.md). */
  mpesa: MpesaConfig;

  /** BACKUP_*: the embedded database's backups (modules/backups; unused with DATABASE_URL). */
  backups: BackupSettings;

  /** DEVICELOCK_*: the device-lock provider (issue 35; docs/integrations.md). */
  deviceLock: DeviceLockConfig;
  /** SMS_*: the SMS provider (issue 35; docs/integrations.md). */
  sms: SmsConfig;
  /** OUTBOX_POLL_MS: how often each outbox worker looks for due commands and messages. */
  outboxPollMs: number;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

const DEFAULT_ADMIN_EMAIL = 'admin@lender.local';
const DEFAULT_ADMIN_PASSWORD = 'ChangeMe123!';

/** The repository root: two levels above both src/config.ts and dist/server.js. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder each remote's build is served from, under /remotes/. */
export const remoteFolders = REMOTE_NAMES.map((name) => REMOTE_APPS[name].folder);

/**
 * TRUST_PROXY: unset, `false`, `0` or `no` trust no proxy; a whole number n trusts n hops counted
 * from the right of X-Forwarded-For (`true` and `yes` mean 1: one load balancer); otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges. undefined when it is none of these.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : undefined;
  const addresses = text.split(',').map((part) => part.trim());
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/;
  return addresses.every((part) => address.test(part) && part.includes('.') !== part.includes(':'))
    ? addresses
    : undefined;
}

/** Every variable the server reads, trimmed; an empty one counts as unset. */
type Environment = Record<string, string | undefined>;

/**
 * A variable's text that must pass `valid`, else one problem saying what it must be (`message`
 * gets the text as given, to quote it).
 */
const text = (valid: (value: string) => boolean, message: (value: string) => string) =>
  z.string().superRefine((value, ctx) => {
    if (!valid(value)) ctx.addIssue({ code: 'custom', message: message(value) });
  });

/** A variable that is true or false (MPESA_ACCEPT_ALL), quoted in its message when it is neither. */
const booleanText = (name: string, accepted: string[], truthy: string[]) =>
  text(
    (value) => accepted.includes(value.toLowerCase()),
    (value) => `${name} must be true or false (got "${value}")`,
  ).transform((value) => truthy.includes(value.toLowerCase()));

/** A whole number of days, 1 or more (the same check as the loan engine's). */
const isWholeDays = (value: string) =>
  /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) && Number(value) >= 1;

/** LATE_FEE_PERCENT as an exact decimal string with two decimals ('2.5' → '2.50'), or undefined. */
function exactPercent(value: string): string | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const cents = (match[2] ?? '').padEnd(2, '0');
  return whole * 100 + Number(cents) <= 10_000 ? `${whole}.${cents}` : undefined;
}

/** A comma-separated allow-list of addresses and CIDR ranges (MPESA_ALLOWED_IPS and the like), one message per bad entry. */
const allowList = (name: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .superRefine((entries, ctx) => {
      for (const entry of entries.filter((candidate) => !isAddressOrRange(candidate))) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be addresses or CIDR ranges separated by commas (got "${entry}")`,
        });
      }
    })
    .optional();

/** A callback's path secret (MPESA_CALLBACK_SECRET and the like). */
const callbackSecret = (name: string) =>
  text(
    (value) => /^[A-Za-z0-9_-]{24,}$/.test(value),
    () =>
      `${name} must be at least 24 letters, digits, - or _ (it goes in the callback URL; generate one with \`openssl rand -hex 24\`)`,
  ).optional();

const httpUrl = (name: string) =>
  text(isHttpUrl, (value) => `${name} must be an http(s) URL (got "${value}")`).optional();

/** An address or CIDR range of MPESA_ALLOWED_IPS. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix] = entry.split('/');
  const family = isIP(address ?? '');
  return (
    family !== 0 &&
    (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32)))
  );
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const remoteVariable = (name: RemoteName) => `REMOTE_${name.toUpperCase()}_URL`;

const S3_OPTIONALS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * The environment, one schema per variable in the order problems are reported. Each bad variable
 * gives one message naming it (and quoting its value where that helps); all are reported at once.
 */
const variables = z.object({
  NODE_ENV: text(
    (value) => ['development', 'production', 'test'].includes(value),
    (value) => `NODE_ENV must be development, production or test (got "${value}")`,
  )
    .prefault('development')
    .transform((value) => value as NodeEnv),
  PORT: text(
    (value) => Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 65535,
    (value) => `PORT must be a port number (got "${value}")`,
  )
    .prefault('8080')
    .transform(Number),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  LENDER_TZ: text(
    isValidTimeZone,
    (value) => `LENDER_TZ must be an IANA time zone such as Africa/Nairobi (got "${value}")`,
  ).default('Africa/Nairobi'),
  LENDER_NOW: text(
    (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(new Date(value).getTime()),
    (value) => `LENDER_NOW must be an ISO date-time such as 2025-03-03T09:00:00+03:00 (got "${value}")`,
  )
    .transform((value) => new Date(value))
    .optional(),
  LENDER_WALL_AHEAD_MINUTES: text(
    (value) => /^\d{1,6}$/.test(value),
    (value) => `LENDER_WALL_AHEAD_MINUTES must be a whole number of minutes (got "${value}")`,
  )
    .transform(Number)
    .optional(),
  // A string, not a number: the fee is computed in exact decimals (money.ts's percentOf).
  LATE_FEE_PERCENT: text(
    (value) => exactPercent(value) !== undefined,
    (value) =>
      `LATE_FEE_PERCENT must be a percentage from 0 to 100 with at most 2 decimals, such as 5 or 2.5 (got "${value}")`,
  )
    .prefault('0')
    .transform((value) => exactPercent(value) ?? '0.00'),
  DEFAULT_THRESHOLD_DAYS: text(
    isWholeDays,
    (value) => `DEFAULT_THRESHOLD_DAYS must be a whole number of days, 1 or more (got "${value}")`,
  )
    .transform(Number)
    .default(DEFAULT_THRESHOLD_DAYS),
  JWT_SECRET: text(
    (value) => value.length >= 32,
    () => 'JWT_SECRET must be at least 32 characters',
  ).optional(),
  TRUST_PROXY: text(
    (value) => parseTrustProxy(value) !== undefined,
    () =>
      'TRUST_PROXY must be false, the number of proxies in front of the server (1 for one load balancer), or their addresses separated by commas (10.0.0.1,10.0.0.0/8)',
  )
    .transform((value) => parseTrustProxy(value) ?? false)
    .default(false),
  RATE_LIMIT_MAX: text(
    (value) => Number.isInteger(Number(value)) && Number(value) >= 1,
    () => 'RATE_LIMIT_MAX must be a positive integer',
  )
    .prefault('1000')
    .transform(Number),
  ADMIN_EMAIL: z.string().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: text(
    (value) => value.length >= 8,
    () => 'ADMIN_PASSWORD must be at least 8 characters',
  ).optional(),
  ...Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      remoteVariable(name),
      text(
        (value) => /^(https?:\/\/|\/)/.test(value),
        (value) =>
          `${remoteVariable(name)} must be an absolute http(s) URL or a path starting with / (got "${value}")`,
      ).optional(),
    ]),
  ),
  DATABASE_URL: text(
    (value) => /^postgres(ql)?:\/\//.test(value),
    () => 'DATABASE_URL must be a postgres:// or postgresql:// URL',
  ).optional(),
  STATIC_ROOT: z.string().optional(),
  DEPLOY_DIR: z.string().optional(),
  // AWS's bucket naming rules, which S3-compatible servers follow.
  S3_BUCKET: text(
    (value) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    (value) =>
      `S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit (got "${value}")`,
  ).optional(),
  S3_ENDPOINT: text(
    isHttpUrl,
    (value) => `S3_ENDPOINT must be an http(s) URL such as https://s3.example.com (got "${value}")`,
  ).optional(),
  S3_REGION: text(
    (value) => /^[a-z0-9-]{1,40}$/.test(value),
    (value) => `S3_REGION must be a region name such as us-east-1 (got "${value}")`,
  ).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText(
    'S3_FORCE_PATH_STYLE',
    ['true', 'false', 'yes', 'no', '1', '0'],
    ['true', 'yes', '1'],
  ).optional(),
  MPESA_CALLBACK_SECRET: callbackSecret('MPESA_CALLBACK_SECRET'),
  MPESA_ALLOWED_IPS: allowList('MPESA_ALLOWED_IPS'),
  MPESA_ACCEPT_ALL: text(
    (value) => value === 'true' || value === 'false',
    (value) => `MPESA_ACCEPT_ALL must be true or false (got "${value}")`,
  )
    .transform((value) => value === 'true')
    .default(false),
  DEVICELOCK_API_URL: httpUrl('DEVICELOCK_API_URL'),
  DEVICELOCK_API_TOKEN: z.string().optional(),
  DEVICELOCK_KEYS_FILE: z.string().optional(),
  DEVICELOCK_CLIENT_ID: z.string().optional(),
  DEVICELOCK_WEBHOOK_SECRET: callbackSecret('DEVICELOCK_WEBHOOK_SECRET'),
  DEVICELOCK_ALLOWED_IPS: allowList('DEVICELOCK_ALLOWED_IPS'),
  SMS_API_URL: httpUrl('SMS_API_URL'),
  SMS_USERNAME: z.string().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: text(
    (value) => /^[A-Za-z0-9 ]{1,11}$|^\d{3,15}$/.test(value),
    (value) =>
      `SMS_SENDER_ID must be a sender ID of at most 11 letters and digits, or a short code (got "${value}")`,
  ).optional(),
  SMS_CALLBACK_SECRET: callbackSecret('SMS_CALLBACK_SECRET'),
  SMS_ALLOWED_IPS: allowList('SMS_ALLOWED_IPS'),
  OUTBOX_POLL_MS: text(
    (value) => /^\d{2,6}$/.test(value) && Number(value) >= 50,
    (value) => `OUTBOX_POLL_MS must be a whole number of milliseconds, 50 or more (got "${value}")`,
  )
    .transform(Number)
    .default(1000),
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_KEEP_DAYS: text(
    (value) => /^\d{1,5}$/.test(value),
    (value) => `BACKUP_KEEP_DAYS must be a whole number of days, 0 to keep every backup (got "${value}")`,
  )
    .transform(Number)
    .default(14),
  BACKUP_HOUR: text(
    (value) => /^\d{1,2}$/.test(value) && Number(value) <= 23,
    (value) => `BACKUP_HOUR must be an hour from 0 to 23, in LENDER_TZ (got "${value}")`,
  )
    .transform(Number)
    .default(2),
});

/** The rules between variables, each reported on the variable it concerns. */
const environmentSchema = variables.superRefine((env, ctx) => {
  const problem = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  if (env.LENDER_NOW !== undefined && env.NODE_ENV === 'production') {
    problem('LENDER_NOW', 'LENDER_NOW fixes the clock for tests and is refused when NODE_ENV=production');
  }
  if (env.LENDER_WALL_AHEAD_MINUTES !== undefined && env.NODE_ENV === 'production') {
    problem(
      'LENDER_WALL_AHEAD_MINUTES',
      'LENDER_WALL_AHEAD_MINUTES moves the clock for tests and is refused when NODE_ENV=production',
    );
  }
  if ((env.DEVICELOCK_KEYS_FILE === undefined) !== (env.DEVICELOCK_CLIENT_ID === undefined)) {
    const missing = env.DEVICELOCK_KEYS_FILE === undefined ? 'DEVICELOCK_KEYS_FILE' : 'DEVICELOCK_CLIENT_ID';
    problem(
      missing,
      `${missing} must be set with ${missing === 'DEVICELOCK_KEYS_FILE' ? 'DEVICELOCK_CLIENT_ID' : 'DEVICELOCK_KEYS_FILE'}: Knox Cloud Authentication needs the portal's keys.json and its Client Identifier`,
    );
  }
  const othersSet = S3_OPTIONALS.filter((name) => env[name] !== undefined);
  if (env.S3_BUCKET === undefined && othersSet.length > 0) {
    const many = othersSet.length > 1;
    problem(
      'S3_BUCKET',
      `${othersSet.join(', ')} ${many ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to keep uploaded files in a bucket, or unset ${many ? 'them' : 'it'} to keep them in DATA_DIR/files`,
    );
  } else if (
    env.S3_BUCKET !== undefined &&
    (env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)
  ) {
    if (env.S3_ACCESS_KEY_ID === undefined) {
      problem(
        'S3_ACCESS_KEY_ID',
        'S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY (or unset both to use the default AWS credentials)',
      );
    } else {
      problem(
        'S3_SECRET_ACCESS_KEY',
        'S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID (or unset both to use the default AWS credentials)',
      );
    }
  }
});

/** Problems in the order of the variables (a rule between variables comes with the one it names). */
function problemsOf(issues: readonly z.core.$ZodIssue[]): string[] {
  const order = Object.keys(variables.shape);
  const position = (issue: z.core.$ZodIssue) => order.indexOf(String(issue.path[0]));
  return [...issues].sort((a, b) => position(a) - position(b)).map((issue) => issue.message);
}

/**
 * @param cwd what relative paths (DATA_DIR, STATIC_ROOT) are relative to: the folder the
 *   command was typed in. npm and pnpm run package scripts inside the package's folder but say
 *   where they were started in INIT_CWD, so `pnpm seed` and `pnpm dev` from the repository root
 *   use the same ./data as `node api/dist/server.js` started there.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = env.INIT_CWD || process.cwd(),
): Config {
  const trimmed: Environment = {};
  for (const [name, value] of Object.entries(env)) {
    if (value?.trim()) trimmed[name] = value.trim();
  }
  const parsed = environmentSchema.safeParse(trimmed);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  - ${problemsOf(parsed.error.issues).join('\n  - ')}`);
  }
  const settings = parsed.data;
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const dataDir = absolute(settings.DATA_DIR);
  const backupDir = absolute(settings.BACKUP_DIR);
  // A backup inside the folder it backs up would be lost with it, and copied into the next one.
  const fromData = relative(dataDir, backupDir);
  if (fromData === '' || (!fromData.startsWith('..') && !isAbsolute(fromData))) {
    throw new ConfigError(
      `Invalid configuration:\n  - BACKUP_DIR must be outside DATA_DIR (${backupDir} is inside ${dataDir})`,
    );
  }
  const staticRoot = absolute(settings.STATIC_ROOT ?? REPO_ROOT);
  const remoteUrl = (name: RemoteName): string | undefined =>
    (settings as Record<string, unknown>)[remoteVariable(name)] as string | undefined;
  return {
    nodeEnv: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    admin: {
      email: settings.ADMIN_EMAIL,
      password: settings.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
      passwordFromEnvironment: settings.ADMIN_PASSWORD !== undefined,
    },
    jwtSecret: settings.JWT_SECRET,
    timeZone: settings.LENDER_TZ,
    fixedNow: settings.LENDER_NOW,
    wallAheadMs: (settings.LENDER_WALL_AHEAD_MINUTES ?? 0) * 60_000,
    lateFeePercent: settings.LATE_FEE_PERCENT,
    defaultThresholdDays: settings.DEFAULT_THRESHOLD_DAYS,
    staticRoot,
    deployDir: absolute(settings.DEPLOY_DIR ?? join(staticRoot, 'deploy')),
    remotes: REMOTE_NAMES.map((name): RemoteEntry => {
      const { folder, roles } = REMOTE_APPS[name];
      const entry = remoteUrl(name) ?? `/remotes/${folder}/mf-manifest.json`;
      return { name, entry, ...(roles ? { roles } : {}) };
    }),
    rateLimitMax: settings.RATE_LIMIT_MAX,
    trustProxy: settings.TRUST_PROXY,
    s3:
      settings.S3_BUCKET === undefined
        ? undefined
        : {
            bucket: settings.S3_BUCKET,
            endpoint: settings.S3_ENDPOINT,
            // The SDK needs a region even for servers that ignore it.
            region: settings.S3_REGION ?? 'us-east-1',
            credentials:
              settings.S3_ACCESS_KEY_ID !== undefined && settings.S3_SECRET_ACCESS_KEY !== undefined
                ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
          },
    mpesa: {
      callbackSecret: settings.MPESA_CALLBACK_SECRET,
      allowedIps: settings.MPESA_ALLOWED_IPS,
      acceptAll: settings.MPESA_ACCEPT_ALL,
    },
    backups: { dir: backupDir, keepDays: settings.BACKUP_KEEP_DAYS, hour: settings.BACKUP_HOUR },
    deviceLock: {
      apiUrl: settings.DEVICELOCK_API_URL,
      apiToken: settings.DEVICELOCK_API_TOKEN,
      keysFile: settings.DEVICELOCK_KEYS_FILE,
      clientId: settings.DEVICELOCK_CLIENT_ID,
      webhookSecret: settings.DEVICELOCK_WEBHOOK_SECRET,
      allowedIps: settings.DEVICELOCK_ALLOWED_IPS,
    },
    sms: {
      apiUrl: settings.SMS_API_URL,
      username: settings.SMS_USERNAME,
      apiKey: settings.SMS_API_KEY,
      senderId: settings.SMS_SENDER_ID,
      callbackSecret: settings.SMS_CALLBACK_SECRET,
      allowedIps: settings.SMS_ALLOWED_IPS,
    },
    outboxPollMs: settings.OUTBOX_POLL_MS,
  };
}
