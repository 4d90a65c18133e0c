// Finds Chromium for the browser tests (CHROME_PATH, then /usr/bin/chromium); installs Debian's
// package when missing and we are root, otherwise stops with how to install it.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

export async function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian package "chromium" with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 &&
      existsSync('/usr/bin/chromium')
    ) {
      return '/usr/bin/chromium';
    }
  }
  console.error(
    'Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or set CHROME_PATH to a Chromium or Chrome executable, then run the tests again.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ensureChromium());
}
