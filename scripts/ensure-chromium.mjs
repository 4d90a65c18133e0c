// Finds Chromium for the browser tests (CHROME_PATH, then /usr/bin/chromium); run as a command
// (`node scripts/ensure-chromium.mjs`, a stage of `npm test`), installs Debian's package when it is
// missing and we are root, otherwise stops with how to install it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from './lib.mjs';

/** The Chromium executable found, or undefined. */
export function findChromium() {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
    .filter(Boolean)
    .find((candidate) => existsSync(candidate));
}

async function ensureChromium() {
  const found = findChromium();
  if (found) {
    console.log(`Chromium: ${found}`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian package "chromium" with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 &&
      existsSync('/usr/bin/chromium')
    ) {
      console.log('Chromium: /usr/bin/chromium');
      return;
    }
  }
  console.error(
    'Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or set CHROME_PATH to a Chromium or Chrome executable, then run the tests again.',
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureChromium();
