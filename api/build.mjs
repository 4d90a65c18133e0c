// Bundles the server into dist/server.js (ESM, Node 20). npm packages stay external and load
// from node_modules at run time; @lender/shared is TypeScript source (its package exports
// point at src/*.ts), so it is bundled in. The migrations are copied beside the bundle, where
// src/db/client.ts looks for them (./migrations next to the running file).
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = fileURLToPath(new URL('.', import.meta.url));
const dist = `${apiRoot}dist`;

/** Every bare import is external except the workspace's shared package. */
const externalsExceptShared = {
  name: 'externals-except-shared',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@lender/shared' || args.path.startsWith('@lender/shared/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalsExceptShared],
  logLevel: 'warning',
});
// The providers' simulators, which `npm run demo` starts beside the built server (docs/integrations.md).
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    'devicelock-simulate': 'src/scripts/devicelock-simulate.ts',
    'sms-simulate': 'src/scripts/sms-simulate.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalsExceptShared],
  logLevel: 'warning',
});
await cp(`${apiRoot}src/db/migrations`, `${dist}/migrations`, { recursive: true });
console.log(`api: built dist/server.js in ${Math.round(performance.now() - started)} ms`);
