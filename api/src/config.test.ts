import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config';
import { configuredClock } from './domain/clock';

/** Each bad value of `name` is refused with the rule it breaks and the value quoted back. */
function assertRefused(name: string, rule: string, badValues: string[]) {
  for (const bad of badValues) {
    assert.throws(
      () => loadConfig({ [name]: bad }),
      (error: Error) =>
        error instanceof ConfigError &&
        error.message.includes(`${name} ${rule}`) &&
        error.message.includes(`(got "${bad}")`),
      bad,
    );
  }
}

describe('configuration', () => {
  test('defaults', () => {
    const config = loadConfig({}, '/srv/lender');
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, '/srv/lender/data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.timeZone, 'Africa/Nairobi');
    assert.equal(config.fixedNow, undefined);
    assert.equal(config.lateFeePercent, '0.00', 'no late fee unless one is configured');
    assert.equal(config.defaultThresholdDays, 30);
    assert.deepEqual(config.admin, {
      email: 'admin@lender.local',
      password: 'ChangeMe123!',
      passwordFromEnvironment: false,
    });
    assert.ok(
      existsSync(join(config.staticRoot, 'pnpm-workspace.yaml')),
      'STATIC_ROOT defaults to the repository root',
    );
    assert.deepEqual(config.remotes, [
      { name: 'mf_customers', entry: '/remotes/mf-customers/mf-manifest.json' },
      { name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' },
      { name: 'mf_repayments', entry: '/remotes/mf-repayments/mf-manifest.json' },
      { name: 'mf_admin', entry: '/remotes/mf-admin/mf-manifest.json', roles: ['admin'] },
    ]);
  });

  test('relative folders are taken from where the command was started (INIT_CWD), else the cwd', () => {
    assert.equal(
      loadConfig({ INIT_CWD: '/srv/lender', DATA_DIR: 'var/data' }).dataDir,
      '/srv/lender/var/data',
    );
    assert.equal(loadConfig({ DATA_DIR: '/abs/data' }, '/elsewhere').dataDir, '/abs/data');
    assert.equal(loadConfig({ STATIC_ROOT: 'build' }, '/srv').staticRoot, '/srv/build');
  });

  test('a remote can be moved with REMOTE_<NAME>_URL', () => {
    const config = loadConfig({ REMOTE_MF_ADMIN_URL: 'https://admin.example.com/mf-manifest.json' });
    assert.deepEqual(config.remotes[3], {
      name: 'mf_admin',
      entry: 'https://admin.example.com/mf-manifest.json',
      roles: ['admin'],
    });
    assert.throws(() => loadConfig({ REMOTE_MF_LOANS_URL: 'ftp://x' }), ConfigError);
  });

  test('LENDER_NOW fixes business time, and is refused in production', () => {
    const now = '2025-03-03T09:00:00+03:00';
    assert.equal(loadConfig({ LENDER_NOW: now }).fixedNow?.toISOString(), '2025-03-03T06:00:00.000Z');
    assert.throws(
      () => loadConfig({ LENDER_NOW: now, NODE_ENV: 'production' }),
      /refused when NODE_ENV=production/,
    );
    assert.throws(() => loadConfig({ LENDER_NOW: 'tomorrow' }), /LENDER_NOW must be an ISO date-time/);
  });

  test('LENDER_WALL_AHEAD_MINUTES moves the security clock ahead, and is refused in production', () => {
    assert.equal(loadConfig({}).wallAheadMs, 0);
    const config = loadConfig({ LENDER_WALL_AHEAD_MINUTES: '61' });
    assert.equal(config.wallAheadMs, 61 * 60_000);
    const clock = configuredClock(config);
    assert.ok(Math.abs(clock.wallNow() - (Date.now() + 61 * 60_000)) < 1000);
    assert.throws(
      () => loadConfig({ LENDER_WALL_AHEAD_MINUTES: '5', NODE_ENV: 'production' }),
      /refused when NODE_ENV=production/,
    );
    assert.throws(() => loadConfig({ LENDER_WALL_AHEAD_MINUTES: '-5' }), /whole number of minutes/);
  });

  test('LATE_FEE_PERCENT is a percentage from 0 to 100 with at most 2 decimals, kept exact', () => {
    const lateFee = (value: string) => loadConfig({ LATE_FEE_PERCENT: value }).lateFeePercent;
    for (const [value, percent] of [
      ['10', '10.00'],
      [' 2.5 ', '2.50'],
      ['0.05', '0.05'],
      ['100', '100.00'],
      ['100.00', '100.00'],
      ['0', '0.00'],
    ] as const) {
      assert.equal(lateFee(value), percent, value);
    }
    const notPercentages = ['100.01', '101', '-1', '2.555', '5%', 'ten', '1e1', '.5', '5.'];
    assertRefused('LATE_FEE_PERCENT', 'must be a percentage from 0 to 100', notPercentages);
  });

  test('DEFAULT_THRESHOLD_DAYS is a whole number of days, 1 or more', () => {
    for (const [value, days] of [
      ['7', 7],
      ['1', 1],
      [' 90 ', 90],
    ] as const) {
      assert.equal(loadConfig({ DEFAULT_THRESHOLD_DAYS: value }).defaultThresholdDays, days, value);
    }
    const notDays = ['0', '-5', '7.5', '1e2', 'thirty', '99999999999999999999'];
    assertRefused('DEFAULT_THRESHOLD_DAYS', 'must be a whole number of days, 1 or more', notDays);
  });

  test('reports every problem at once', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          LENDER_TZ: 'Mars/Olympus',
          JWT_SECRET: 'short',
          DATABASE_URL: 'mysql://x',
          LATE_FEE_PERCENT: '150',
          DEFAULT_THRESHOLD_DAYS: '0',
        }),
      (error: Error) =>
        error instanceof ConfigError &&
        [
          'PORT',
          'LENDER_TZ',
          'JWT_SECRET',
          'DATABASE_URL',
          'LATE_FEE_PERCENT',
          'DEFAULT_THRESHOLD_DAYS',
        ].every((v) => error.message.includes(v)),
    );
  });
  test('TRUST_PROXY: no proxy, a number of hops, or the proxies addresses; anything else refused', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    assert.equal(trust(), false);
    assert.equal(trust('false'), false);
    assert.equal(trust('0'), false);
    assert.equal(trust('1'), 1);
    assert.equal(trust('true'), 1, 'true means one load balancer, not every proxy');
    assert.equal(trust('2'), 2);
    assert.deepEqual(trust('10.0.0.1, 10.0.0.0/8,::1'), ['10.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['everything', '11', '10.0.0.1,evil', '-1']) {
      assert.throws(() => trust(bad), ConfigError, bad);
    }
  });

  test('S3_*: files stay on disk unless S3_BUCKET is set; each bad variable has its own message', () => {
    assert.equal(loadConfig({}).s3, undefined);
    assert.deepEqual(loadConfig({ S3_BUCKET: 'lender-files' }).s3, {
      bucket: 'lender-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    assert.deepEqual(
      loadConfig({
        S3_BUCKET: 'lender-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
      {
        bucket: 'lender-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    );
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.message.split('\n').slice(1);
      }
      return [];
    };
    assert.deepEqual(problems({ S3_ENDPOINT: 'http://minio:9000' }), [
      '  - S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to keep uploaded files in a bucket, or unset it to keep them in DATA_DIR/files',
    ]);
    assert.deepEqual(
      problems({
        S3_BUCKET: 'Bad_Bucket',
        S3_ENDPOINT: 'minio:9000',
        S3_REGION: 'Europe West',
        S3_ACCESS_KEY_ID: 'key',
        S3_FORCE_PATH_STYLE: 'maybe',
      }),
      [
        '  - S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit (got "Bad_Bucket")',
        '  - S3_ENDPOINT must be an http(s) URL such as https://s3.example.com (got "minio:9000")',
        '  - S3_REGION must be a region name such as us-east-1 (got "Europe West")',
        '  - S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID (or unset both to use the default AWS credentials)',
        '  - S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
      ],
    );
  });
});

test('BACKUP_*: defaults, checks, and BACKUP_DIR never inside DATA_DIR', () => {
  assert.deepEqual(loadConfig({}, '/srv/lender').backups, {
    dir: '/srv/lender/backups',
    keepDays: 14,
    hour: 2,
  });
  assert.deepEqual(
    loadConfig({ BACKUP_DIR: '/mnt/off-site', BACKUP_KEEP_DAYS: '0', BACKUP_HOUR: '23' }, '/srv').backups,
    { dir: '/mnt/off-site', keepDays: 0, hour: 23 },
  );
  assert.throws(() => loadConfig({ BACKUP_HOUR: '24' }), /BACKUP_HOUR must be an hour from 0 to 23/);
  assert.throws(() => loadConfig({ BACKUP_KEEP_DAYS: '-1' }), /BACKUP_KEEP_DAYS must be a whole number/);
  assert.throws(
    () => loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/backups' }),
    /BACKUP_DIR must be outside DATA_DIR/,
  );
  assert.throws(() => loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data' }), /outside DATA_DIR/);
  // A sibling whose name starts like DATA_DIR's is outside it.
  assert.equal(
    loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data-backups' }).backups.dir,
    '/srv/data-backups',
  );
});
