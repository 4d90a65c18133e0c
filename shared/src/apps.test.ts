import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_APPS, REMOTE_AREAS, REMOTE_NAMES } from './apps';

const root = join(__dirname, '../..');

describe('the apps registry (shared/apps.json)', () => {
  it('names each remote by a JS identifier, with a folder that is its workspace package', () => {
    for (const name of REMOTE_NAMES) {
      expect(name).toMatch(/^[A-Za-z_$][\w$]*$/);
      const { folder } = REMOTE_APPS[name];
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
        name: string;
      };
      expect(manifest.name).toBe(`@lender/${folder}`);
    }
  });

  it('gives each remote its own dev port, an area, and mf_admin to admins only', () => {
    const ports = REMOTE_NAMES.map((name) => REMOTE_APPS[name].port);
    expect(new Set(ports).size).toBe(ports.length);
    expect(REMOTE_NAMES.every((name) => REMOTE_AREAS[name] !== '')).toBe(true);
    expect(REMOTE_APPS.mf_admin.roles).toEqual(['admin']);
  });
});
