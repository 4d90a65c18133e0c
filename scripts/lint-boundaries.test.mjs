// Proves that `npm run lint` enforces each boundary of eslint.config.mjs (and that its type-aware
// rules see the types): for each one, a file that breaks it (linted in place, as if it were saved
// there) gets the boundary's error, and a file that keeps to it gets none. Runs in `npm test` after ESLint: node --test scripts/lint-boundaries.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
// A boundary-probe.ts is on no disk, so in no tsconfig: it is linted without types (the type-aware
// rules off), which the boundaries do not need.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { files: ['**/boundary-probe.ts'], ...tseslint.configs.disableTypeChecked },
});

/** The rule ids ESLint reports for `code` saved at `filePath` (relative to the repository). */
async function rulesBroken(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const cases = [
  {
    boundary: 'a remote never imports another remote',
    file: 'mf-customers/src/features/customers-list/components/boundary-probe.ts',
    breaks:
      "import { contributions } from '../../../../../mf-loans/src/contributions';\nexport const probe = contributions;\n",
    keeps: "import { contributions } from '../../../contributions';\nexport const probe = contributions;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: 'no feature imports another feature',
    file: 'mf-loans/src/features/dashboard/components/boundary-probe.ts',
    breaks:
      "import * as detail from '../../loan-detail/api/loan-detail-api';\nexport const probe = detail;\n",
    keeps: "import * as dashboard from '../api/dashboard-api';\nexport const probe = dashboard;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: '`shared` imports no app',
    file: 'shared/src/ui/boundary-probe.ts',
    breaks:
      "import { contributions } from '../../../mf-admin/src/contributions';\nexport const probe = contributions;\n",
    keeps: "import { texts } from '../texts';\nexport const probe = texts;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: 'the shell imports no remote',
    file: 'shell/src/layout/boundary-probe.ts',
    breaks:
      "import { contributions } from '../../../mf-admin/src/contributions';\nexport const probe = contributions;\n",
    keeps: "import { menuFor } from './menu-items';\nexport const probe = menuFor;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: 'a route never imports a repository',
    file: 'api/src/modules/customers/routes.ts',
    breaks: "import { findCustomer } from './repository';\nexport const probe = findCustomer;\n",
    keeps: "import * as service from './service';\nexport const probe = service;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: "a server module never imports another module's repository (sealed modules)",
    file: 'api/src/modules/dashboard/boundary-probe.ts',
    breaks: "import { listOfficers } from '../users/repository';\nexport const probe = listOfficers;\n",
    keeps: "import { listOfficers } from '../users/service';\nexport const probe = listOfficers;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: "a server module never imports another module's *-repository.ts (sealed modules)",
    file: 'api/src/modules/exports/boundary-probe.ts',
    breaks:
      "import { selectLoansPage } from '../loans/lists-repository';\nexport const probe = selectLoansPage;\n",
    keeps: "import { listLoansPage } from '../loans/lists';\nexport const probe = listLoansPage;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: 'who sees the whole book is the one scope rule, never a role compared by hand',
    file: 'mf-loans/src/components/boundary-probe.ts',
    breaks:
      "import { readSession } from '@lender/shared/client/session';\nexport const probe = () => readSession()?.user.role === 'admin';\n",
    keeps:
      "import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';\nexport const probe = useSeesWholeBook;\n",
    rule: 'no-restricted-syntax',
  },
  {
    boundary: 'api/src/domain imports no database module',
    file: 'api/src/domain/boundary-probe.ts',
    breaks: "import { loans } from '../db/schema';\nexport const probe = loans;\n",
    keeps: "import { isValidTimeZone } from './clock';\nexport const probe = isValidTimeZone;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    boundary: 'api/src/domain imports neither Drizzle nor Fastify',
    file: 'api/src/domain/boundary-probe.ts',
    breaks:
      "import { sql } from 'drizzle-orm';\nimport fastify from 'fastify';\nexport const probe = [sql, fastify];\n",
    keeps: "import { z } from 'zod';\nexport const probe = z;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'inside shared, a federation singleton is imported by its package name',
    file: 'shared/src/ui/boundary-probe.ts',
    breaks: "import { Button } from './antd';\nexport const probe = Button;\n",
    keeps: "import { Button } from '@lender/shared/ui/antd';\nexport const probe = Button;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'no import cycles',
    // loan-terms.ts imports cents.ts; cents.ts importing loan-terms back closes a cycle.
    file: 'shared/src/domain/cents.ts',
    breaks: "import { computeLoanTotals } from './loan-terms';\nexport const probe = computeLoanTotals;\n",
    keeps: 'export const probe = 1;\n',
    rule: 'import-x/no-cycle',
  },
  {
    // A type-aware rule, which needs the file's project (its tsconfig): a file that exists.
    boundary: 'a promise is awaited or handed on, never left floating',
    file: 'shared/src/client/timing.ts',
    breaks: 'export async function probe(load: () => Promise<void>) {\n  load();\n}\n',
    keeps: 'export async function probe(load: () => Promise<void>) {\n  await load();\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
];

for (const { boundary, file, breaks, keeps, rule } of cases) {
  test(`lint enforces: ${boundary}`, async () => {
    assert.ok((await rulesBroken(file, breaks)).includes(rule), `${file} breaking it gets ${rule}`);
    assert.ok(!(await rulesBroken(file, keeps)).includes(rule), `${file} keeping to it gets no ${rule}`);
  });
}
