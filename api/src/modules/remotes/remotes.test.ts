import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import { remotesConfigSchema } from '@lender/shared/contract/remotes';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import { build } from '../../../test/helper';
import { tempFolderWith } from '../../../test/temp-folder';
import { pruneVersions, readDeployState, remoteNamed, writeDeployState } from './deployments';

const contributions = (title: string): RemoteContributions => ({
  routes: [{ path: '/repayments', title }],
  menu: [
    {
      key: 'repayments',
      label: 'Repayments',
      icon: 'DollarOutlined',
      section: 'Others',
      order: 40,
      items: [{ label: title, path: '/repayments', order: 10 }],
    },
  ],
  tags: ['Repayment'],
});
const manifest = (title: string, contractVersion = CONTRACT_VERSION) =>
  JSON.stringify({
    name: 'mf_repayments',
    metaData: { lender: { contractVersion, contributions: contributions(title) } },
  });

let staticRoot: string;
let deployDir: string;
before(async () => {
  staticRoot = await tempFolderWith('lender-remotes-', {
    'mf-repayments/dist/mf-manifest.json': manifest('All Repayments'),
    'mf-repayments/dist/remoteEntry.js': 'var mf_repayments;',
    'mf-loans/dist/mf-manifest.json': '{"name":"mf_loans"}',
    'deploy/mf-repayments/v2/mf-manifest.json': manifest('Every Repayment'),
    'deploy/mf-repayments/v2/remoteEntry.js': 'var mf_repayments_v2;',
    'deploy/mf-repayments/v2/100.0123abcd.js': 'chunk',
    'deploy/mf-repayments/.building-1/remoteEntry.js': 'var half_built;',
  });
  deployDir = join(staticRoot, 'deploy');
});
after(() => rm(staticRoot, { recursive: true, force: true }));

const repayments = (config: unknown) =>
  remotesConfigSchema.parse(config).remotes.find((remote) => remote.name === 'mf_repayments');

describe('GET /remotes.config.json with builds and deploys', () => {
  test("carries each built remote's routes, menu and contract version from its manifest", async (t) => {
    const { app } = await build(t, { staticRoot, deployDir: join(staticRoot, 'nothing-deployed') });
    const config = (await app.inject({ method: 'GET', url: '/remotes.config.json' })).json();

    assert.equal(config.contractVersion, CONTRACT_VERSION);
    assert.deepEqual(repayments(config), {
      name: 'mf_repayments',
      entry: '/remotes/mf-repayments/mf-manifest.json',
      contractVersion: CONTRACT_VERSION,
      contributions: contributions('All Repayments'),
    });
    // A manifest without the declaration (or none at all): the entry only, the shell reads it itself.
    const loans = remotesConfigSchema.parse(config).remotes.find((remote) => remote.name === 'mf_loans');
    assert.deepEqual(loans, { name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' });
  });

  test('follows the deploy state without a restart: deploy, serve the version, roll back', async (t) => {
    const { app } = await build(t, { staticRoot, deployDir });
    const read = async () =>
      repayments((await app.inject({ method: 'GET', url: '/remotes.config.json' })).json());
    assert.equal((await read())?.entry, '/remotes/mf-repayments/mf-manifest.json');

    writeDeployState(deployDir, { mf_repayments: { history: ['v2'] } });
    const deployed = await read();
    assert.equal(deployed?.entry, '/deployed/mf-repayments/v2/mf-manifest.json');
    assert.equal(deployed?.version, 'v2');
    assert.equal(deployed?.contributions?.routes[0]?.title, 'Every Repayment');

    const entry = await app.inject({ method: 'GET', url: '/deployed/mf-repayments/v2/remoteEntry.js' });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.body, 'var mf_repayments_v2;');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/deployed/mf-repayments/v2/100.0123abcd.js' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const state = await app.inject({ method: 'GET', url: '/deployed/state.json' });
    assert.equal(state.statusCode, 404, 'the deploy state is not served');
    const building = await app.inject({
      method: 'GET',
      url: '/deployed/mf-repayments/.building-1/remoteEntry.js',
    });
    assert.equal(building.statusCode, 404, 'a build in progress is not served');

    writeDeployState(deployDir, {});
    assert.equal((await read())?.entry, '/remotes/mf-repayments/mf-manifest.json');
  });
});

describe('deploy state', () => {
  test('reads nothing deployed as empty, and refuses a damaged file by name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lender-deploy-'));
    try {
      assert.deepEqual(readDeployState(dir), {});
      await writeFile(join(dir, 'state.json'), '{"mf_loans":{"history":["../../etc"]}}');
      assert.throws(() => readDeployState(dir), /state\.json: mf_loans\.history is not a list of versions/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('keeps the last N versions and deletes the older folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lender-deploy-'));
    try {
      for (const version of ['a', 'b', 'c']) await mkdir(join(dir, 'mf-admin', version), { recursive: true });
      const state = { mf_admin: { history: ['a', 'b', 'c'] } };
      assert.deepEqual(pruneVersions(dir, state, 'mf_admin', 2), ['a']);
      assert.deepEqual(state.mf_admin.history, ['b', 'c']);
      assert.deepEqual(pruneVersions(dir, state, 'mf_admin', 0), ['b'], 'the live version always stays');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('names a remote however a person types it', () => {
    assert.equal(remoteNamed('mf-repayments'), 'mf_repayments');
    assert.equal(remoteNamed('mf_admin'), 'mf_admin');
    assert.equal(remoteNamed('loans'), 'mf_loans');
    assert.equal(remoteNamed('shell'), undefined);
  });
});
