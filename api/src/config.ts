/**
 * Every environment variable the server reads, parsed and defaulted here and nowhere else.
 * See api/README.md for the list.
 */
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteEntry, type RemoteName } from '@lender/shared/contract/remotes';
import { isValidTimeZone } from './domain/clock';
import { DEFAULT_THRESHOLD_DAYS } from './domain/loan-engine';

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
}

export interface MpesaConfig {
  /**
   * MPESA_CALLBACK_SECRET: the secret in the callback URLs registered with Daraja
   * (/api/mpesa/c2b/<secret>/confirmation). Unset: no callback route exists (404).
   */
  callbackSecret: string | undefined;
  /** MPESA_ALLOWED_IPS: Safaricom's callback addresses (and CIDR ranges); unset: any address. */
  allowedIps: string[] | undefined;
  /** MPESA_ACCEPT_ALL: validation accepts every account number (the unmatched go to suspense). */
  acceptAll: boolean;
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

const REMOTE_DEFAULTS: Record<RemoteName, { folder: string; roles?: RemoteEntry['roles'] }> = {
  mf_customers: { folder: 'mf-customers' },
  mf_loans: { folder: 'mf-loans' },
  mf_repayments: { folder: 'mf-repayments' },
  mf_admin: { folder: 'mf-admin', roles: ['admin'] },
};

/** The folder each remote's build is served from, under /remotes/. */
export const remoteFolders = REMOTE_NAMES.map((name) => REMOTE_DEFAULTS[name].folder);

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
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const nodeEnv = read('NODE_ENV') ?? 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }

  const port = Number(read('PORT') ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number (got "${read('PORT')}")`);

  const timeZone = read('LENDER_TZ') ?? 'Africa/Nairobi';
  if (!isValidTimeZone(timeZone))
    problems.push(`LENDER_TZ must be an IANA time zone such as Africa/Nairobi (got "${timeZone}")`);

  let fixedNow: Date | undefined;
  const lenderNow = read('LENDER_NOW');
  if (lenderNow) {
    fixedNow = new Date(lenderNow);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(lenderNow) || Number.isNaN(fixedNow.getTime())) {
      problems.push(
        `LENDER_NOW must be an ISO date-time such as 2025-03-03T09:00:00+03:00 (got "${lenderNow}")`,
      );
    } else if (nodeEnv === 'production') {
      problems.push('LENDER_NOW fixes the clock for tests and is refused when NODE_ENV=production');
    }
  }

  // A string, not a number: the fee is computed in exact decimals (money.ts's percentOf).
  const lateFeeSetting = read('LATE_FEE_PERCENT') ?? '0';
  const lateFee = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(lateFeeSetting);
  const lateFeeWhole = Number(lateFee?.[1] ?? NaN);
  const lateFeeCents = (lateFee?.[2] ?? '').padEnd(2, '0');
  const lateFeeValid = lateFee !== null && lateFeeWhole * 100 + Number(lateFeeCents) <= 10_000;
  if (!lateFeeValid) {
    problems.push(
      `LATE_FEE_PERCENT must be a percentage from 0 to 100 with at most 2 decimals, such as 5 or 2.5 (got "${lateFeeSetting}")`,
    );
  }
  const lateFeePercent = lateFeeValid ? `${lateFeeWhole}.${lateFeeCents}` : '0.00';

  const thresholdSetting = read('DEFAULT_THRESHOLD_DAYS');
  const defaultThresholdDays = Number(thresholdSetting ?? DEFAULT_THRESHOLD_DAYS);
  if (
    (thresholdSetting !== undefined && !/^\d+$/.test(thresholdSetting)) ||
    !Number.isSafeInteger(defaultThresholdDays) ||
    defaultThresholdDays < 1
  ) {
    problems.push(
      `DEFAULT_THRESHOLD_DAYS must be a whole number of days, 1 or more (got "${thresholdSetting}")`,
    );
  }

  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters');

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));
  if (trustProxy === undefined) {
    problems.push(
      'TRUST_PROXY must be false, the number of proxies in front of the server (1 for one load balancer), or their addresses separated by commas (10.0.0.1,10.0.0.0/8)',
    );
  }
  const rateLimitMax = Number(read('RATE_LIMIT_MAX') ?? 1000);
  if (!Number.isInteger(rateLimitMax) || rateLimitMax < 1)
    problems.push('RATE_LIMIT_MAX must be a positive integer');

  const adminPassword = read('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8)
    problems.push('ADMIN_PASSWORD must be at least 8 characters');

  const remotes = REMOTE_NAMES.map((name): RemoteEntry => {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const override = read(variable);
    if (override !== undefined && !/^(https?:\/\/|\/)/.test(override)) {
      problems.push(
        `${variable} must be an absolute http(s) URL or a path starting with / (got "${override}")`,
      );
    }
    const { folder, roles } = REMOTE_DEFAULTS[name];
    return { name, entry: override ?? `/remotes/${folder}/mf-manifest.json`, ...(roles ? { roles } : {}) };
  });

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const s3 = readS3Settings(read, problems);
  const mpesa = readMpesaSettings(read, problems);

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);

  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    nodeEnv: nodeEnv as NodeEnv,
    port,
    host: read('HOST') ?? '127.0.0.1',
    logLevel: read('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir: absolute(read('DATA_DIR') ?? './data'),
    databaseUrl,
    admin: {
      email: read('ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL,
      password: adminPassword ?? DEFAULT_ADMIN_PASSWORD,
      passwordFromEnvironment: adminPassword !== undefined,
    },
    jwtSecret,
    timeZone,
    fixedNow,
    lateFeePercent,
    defaultThresholdDays,
    staticRoot: absolute(read('STATIC_ROOT') ?? REPO_ROOT),
    deployDir: absolute(read('DEPLOY_DIR') ?? join(absolute(read('STATIC_ROOT') ?? REPO_ROOT), 'deploy')),
    remotes,
    rateLimitMax,
    trustProxy: trustProxy ?? false,
    s3,
    mpesa,
  };
}

/** The MPESA_* variables, one message per bad one. */
function readMpesaSettings(read: (name: string) => string | undefined, problems: string[]): MpesaConfig {
  const callbackSecret = read('MPESA_CALLBACK_SECRET');
  if (callbackSecret !== undefined && !/^[A-Za-z0-9_-]{24,}$/.test(callbackSecret)) {
    problems.push(
      'MPESA_CALLBACK_SECRET must be at least 24 letters, digits, - or _ (it goes in the callback URL; generate one with `openssl rand -hex 24`)',
    );
  }
  const ips = read('MPESA_ALLOWED_IPS');
  const allowedIps = ips
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of allowedIps ?? []) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixValid =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixValid) {
      problems.push(
        `MPESA_ALLOWED_IPS must be addresses or CIDR ranges separated by commas (got "${entry}")`,
      );
    }
  }
  const acceptAll = read('MPESA_ACCEPT_ALL') ?? 'false';
  if (acceptAll !== 'true' && acceptAll !== 'false') {
    problems.push(`MPESA_ACCEPT_ALL must be true or false (got "${acceptAll}")`);
  }
  return { callbackSecret, allowedIps, acceptAll: acceptAll === 'true' };
}

/** The S3_* variables, checked one by one; undefined (local disk) when none is set. */
function readS3Settings(
  read: (name: string) => string | undefined,
  problems: string[],
): S3Settings | undefined {
  const bucket = read('S3_BUCKET');
  const endpoint = read('S3_ENDPOINT');
  const region = read('S3_REGION');
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  const pathStyle = read('S3_FORCE_PATH_STYLE');
  const othersSet = Object.entries({
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: pathStyle,
  })
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  if (bucket === undefined) {
    if (othersSet.length > 0) {
      problems.push(
        `${othersSet.join(', ')} ${othersSet.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to keep uploaded files in a bucket, or unset ${othersSet.length > 1 ? 'them' : 'it'} to keep them in DATA_DIR/files`,
      );
    }
    return undefined;
  }
  // AWS's bucket naming rules, which S3-compatible servers follow.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(
      `S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit (got "${bucket}")`,
    );
  }
  if (endpoint !== undefined) {
    let endpointValid: boolean;
    try {
      endpointValid = ['http:', 'https:'].includes(new URL(endpoint).protocol);
    } catch {
      endpointValid = false;
    }
    if (!endpointValid)
      problems.push(`S3_ENDPOINT must be an http(s) URL such as https://s3.example.com (got "${endpoint}")`);
  }
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region))
    problems.push(`S3_REGION must be a region name such as us-east-1 (got "${region}")`);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(
      accessKeyId === undefined
        ? 'S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY (or unset both to use the default AWS credentials)'
        : 'S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID (or unset both to use the default AWS credentials)',
    );
  }
  const pathStyleText = (pathStyle ?? 'false').toLowerCase();
  if (!['true', 'false', 'yes', 'no', '1', '0'].includes(pathStyleText))
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}")`);
  return {
    bucket,
    endpoint,
    // The SDK needs a region even for servers that ignore it.
    region: region ?? 'us-east-1',
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
    forcePathStyle: ['true', 'yes', '1'].includes(pathStyleText),
  };
}
