import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteContributionsSchema } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';
import { loadTestCatalogs, testRemotesConfig } from '../testing/remotes-config';
import { mayOpenRoute } from './remote-catalog';

// The four remotes' declarations together: the product the specification describes.
const remotes = testRemotesConfig().remotes;

describe("the remotes' declarations", () => {
  it('match the contract schema (the builds check the same)', () => {
    for (const remote of remotes) expect(remoteContributionsSchema.parse(remote.contributions)).toBeTruthy();
  });

  it('give every route of the docs/product.md#routes outside the shell to exactly one remote', () => {
    const shellRoutes: string[] = [appRoutes.signin, appRoutes.profile];
    // The loan lists' pages (appRoutes.loanLists) once each, though some also have a name of their own.
    const specified = [
      ...new Set(
        ([...Object.values(appRoutes), ...Object.values(appRoutes.loanLists)] as unknown[])
          .filter((route): route is string => typeof route === 'string' && !shellRoutes.includes(route))
          .concat(appRoutes.viewLoan(':id'), appRoutes.customerPage(':id')),
      ),
    ];
    const declared = remotes.flatMap(
      (remote) => remote.contributions?.routes.map((route) => route.path) ?? [],
    );
    expect([...declared].sort()).toEqual([...specified].sort());
  });

  it('limit exactly the admin pages (and every mf_admin route) to admins', () => {
    const adminPages: string[] = [
      appRoutes.signup,
      appRoutes.allUsers,
      appRoutes.targets,
      appRoutes.addProduct,
      appRoutes.mpesaSuspense,
    ];
    for (const remote of remotes) {
      for (const route of remote.contributions?.routes ?? []) {
        if (remote.name === 'mf_admin' || adminPages.includes(route.path))
          expect(route.roles).toEqual(['admin']);
        else expect(route.roles).toBeUndefined();
      }
    }
  });

  it('put every menu item on a route its own remote declares', () => {
    for (const remote of remotes) {
      const paths = new Set(remote.contributions?.routes.map((route) => route.path));
      const items = remote.contributions?.menu.flatMap((group) => [
        ...(group.path ? [group.path] : []),
        ...(group.items ?? []).map((item) => item.path),
      ]);
      for (const path of items ?? []) expect(paths).toContain(path);
    }
  });
});

describe('who may open a page', () => {
  const catalogs = loadTestCatalogs();
  const routeOf = (role: 'admin' | 'officer', path: string) => {
    const route = catalogs()[role].routes.find((candidate) => candidate.path === path);
    if (!route) throw new Error(`no route ${path} in the ${role}'s catalog`);
    return route;
  };

  it('closes the admin pages to officers and leaves the others open', () => {
    for (const path of [appRoutes.signup, appRoutes.allUsers, appRoutes.targets, appRoutes.addProduct]) {
      expect(mayOpenRoute(routeOf('officer', path), 'officer')).toBe(false);
      expect(mayOpenRoute(routeOf('admin', path), 'admin')).toBe(true);
    }
    expect(mayOpenRoute(routeOf('officer', appRoutes.loanProducts), 'officer')).toBe(true);
    expect(mayOpenRoute(routeOf('officer', '/viewloan/:id'), 'officer')).toBe(true);
  });
});

// A page is declared once, in its remote's src/page-declarations.ts; contributions.ts and
// exposes/pages.tsx only derive from it. These fail when a remote declares a page a second way.
describe('each page is declared once', () => {
  const REMOTE_FOLDERS = ['mf-customers', 'mf-loans', 'mf-repayments', 'mf-admin'];
  const repo = path.resolve(__dirname, '../../..');
  const sourcesOf = (folder: string): { file: string; text: string }[] =>
    readdirSync(path.join(repo, folder, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('testing'))
      .map((file) => ({
        file: `${folder}/src/${file}`,
        text: readFileSync(path.join(repo, folder, 'src', file), 'utf8'),
      }));

  it.each(REMOTE_FOLDERS)(
    '%s derives its manifest contributions and exposed pages from its page declarations',
    (folder) => {
      const read = (file: string) => readFileSync(path.join(repo, folder, 'src', file), 'utf8');
      expect(read('contributions.ts')).toMatch(/contributionsOf\(pageDeclarations\b/);
      expect(read('exposes/pages.tsx')).toMatch(/pagesOf\(pageDeclarations\)/);
    },
  );

  it.each(REMOTE_FOLDERS)(
    '%s has no lazy page, route-keyed page map or route/menu list of its own',
    (folder) => {
      for (const { file, text } of sourcesOf(folder)) {
        expect({ file, lazyPage: /\blazyPage\(/.test(text) }).toEqual({ file, lazyPage: false });
        expect({ file, routeKeyedMap: /\[\s*appRoutes\.\w+(\([^)]*\))?\s*\]\s*:/.test(text) }).toEqual({
          file,
          routeKeyedMap: false,
        });
        expect({ file, routesOrMenu: /\b(routes|menu)\s*:\s*\[/.test(text) }).toEqual({
          file,
          routesOrMenu: false,
        });
      }
    },
  );
});
