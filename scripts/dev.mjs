// `npm run dev`: the API with reload on :8080, the shell's dev server on :3000 and each remote's
// dev server on :3001–3004, all with hot updates (React Fast Refresh: an edited component is
// replaced in the page without a reload). The API's remotes configuration points the shell at the
// remotes' dev servers; set a REMOTE_MF_*_URL yourself to mix local and deployed remotes.
//
// `npm run dev -- --remote mf-loans`: the API and that remote alone, no shell: the remote's dev
// server shows its pages in a tiny host page of its own (sign in, then a link per page). See
// docs/development.md.
import { parseArgs } from 'node:util';
import { REMOTE_APPS, SHELL_PORT, remoteApp } from '../shared/build/apps.mjs';
import { mustRun, packageManager, run } from './lib.mjs';

const { values } = parseArgs({ options: { remote: { type: 'string' } } });
let alone;
try {
  alone = values.remote === undefined ? undefined : remoteApp(values.remote);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const env = { ...process.env };
for (const { name, port } of REMOTE_APPS) {
  env[`REMOTE_${name.toUpperCase()}_URL`] ??= `http://localhost:${port}/mf-manifest.json`;
}

await mustRun('Installing dependencies', 'npx', ['--yes', packageManager, 'install', '--prefer-offline']);
const pnpm = (...args) => run('npx', ['--yes', packageManager, ...args], { env });

let code;
if (alone) {
  console.log(
    `\n${alone.folder} on its own: http://localhost:${alone.port} (API on http://127.0.0.1:8080)\n`,
  );
  // Either one stopping stops the session: a remote without its API (or the reverse) is no use.
  code = await Promise.race([
    pnpm('--filter', './api', 'dev'),
    pnpm(
      '--filter',
      `./${alone.folder}`,
      'exec',
      'webpack',
      'serve',
      '--mode',
      'development',
      '--env',
      'standalone',
    ),
  ]);
} else {
  console.log(`\nShell: http://localhost:${SHELL_PORT} (API on http://127.0.0.1:8080)\n`);
  code = await pnpm(
    '-r',
    '--parallel',
    '--filter',
    './api',
    '--filter',
    './shell',
    '--filter',
    './mf-*',
    'dev',
  );
}
process.exit(code);
