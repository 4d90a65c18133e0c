// Runs the pinned pnpm whether or not it is installed globally: a fresh machine has only Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const args = process.argv.slice(2);
const result = spawnSync('npx', ['--yes', packageManager, ...args], { stdio: 'inherit', shell: false });
process.exit(result.status ?? 1);
