// `npm start`: install, build what is out of date, and serve the whole product from one origin.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { mustRun, packageManager, root, staleBuilds } from './lib.mjs';

if (process.env.LENDER_SKIP_INSTALL !== '1') {
  await mustRun('Installing dependencies', 'npx', ['--yes', packageManager, 'install', '--prefer-offline']);
}

const stale = staleBuilds();
if (stale.length > 0) {
  const filters = stale.flatMap((dir) => ['--filter', `./${dir}`]);
  await mustRun(`Building ${stale.join(', ')}`, 'npx', [
    '--yes',
    packageManager,
    '-r',
    '--workspace-concurrency=2',
    ...filters,
    'build',
  ]);
} else {
  console.log('✔ Build is up to date');
}

const server = path.join(root, 'api/dist/server.js');
if (!existsSync(server)) {
  console.error('The server build is missing: api/dist/server.js');
  process.exit(1);
}
// The server shuts down cleanly on SIGTERM/SIGINT: pass ours on and exit with its code.
process.env.NODE_ENV ??= 'production';
const child = spawn(process.execPath, [server], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
