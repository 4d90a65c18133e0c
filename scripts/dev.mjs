// `pnpm dev` / `npm run dev`: the API with reload on :8080, the shell's dev server on :3000 and each
// remote's dev server on :3001–3004. The API's remotes configuration points the shell at the
// remotes' dev servers; set a REMOTE_MF_*_URL yourself to mix local and deployed remotes.
import { mustRun, packageManager, run } from './lib.mjs';

const devRemotes = {
  REMOTE_MF_CUSTOMERS_URL: 'http://localhost:3001/mf-manifest.json',
  REMOTE_MF_LOANS_URL: 'http://localhost:3002/mf-manifest.json',
  REMOTE_MF_REPAYMENTS_URL: 'http://localhost:3003/mf-manifest.json',
  REMOTE_MF_ADMIN_URL: 'http://localhost:3004/mf-manifest.json',
};
const env = { ...process.env };
for (const [name, url] of Object.entries(devRemotes)) env[name] ??= url;

await mustRun('Installing dependencies', 'npx', ['--yes', packageManager, 'install', '--prefer-offline']);
console.log('\nShell: http://localhost:3000 (API on http://127.0.0.1:8080)\n');
const code = await run(
  'npx',
  [
    '--yes',
    packageManager,
    '-r',
    '--parallel',
    '--filter',
    './api',
    '--filter',
    './shell',
    '--filter',
    './mf-*',
    'dev',
  ],
  { env },
);
process.exit(code);
