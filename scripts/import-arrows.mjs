#!/usr/bin/env node
// The import arrows between folders: for api/src, which module (api/src/modules/<name>) imports
// which other module or top folder (db, domain, plugins, security…), the cycles between those
// folders, and every import of another module's file that is not its service (the sealed-module
// rule of api/src/modules/README.md); for the frontends (shell, mf-*, shared), the cycles between
// the folders of each src (src/<folder>, each src/features/<name> its own).
// Test files (*.test.ts) are left out: they are consumers, not part of the arrows a module offers.
// Exits 1 when there is a cycle between folders; scripts/import-arrows.test.mjs keeps it at 0 in npm test.
//   node scripts/import-arrows.mjs [repository root]   (default: this repository)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
// TypeScript is the API's dependency (the root has none of its own).
const ts = createRequire(path.join(here, 'api', 'package.json'))('typescript');

const SOURCE = /\.(ts|tsx|mts)$/;
const isTest = (file) => /\.test\.(ts|tsx|mts)$/.test(file);

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts') && !isTest(entry)) yield full;
  }
}

/** The file a relative or @lender/shared/… specifier names (with its extension or index file), else undefined. */
function resolve(root, fromFile, specifier) {
  // shared/package.json exports `./*` from src: inside shared some files are imported by this name.
  const shared = '@lender/shared/';
  if (!specifier.startsWith('.') && !specifier.startsWith(shared)) return undefined;
  const base = specifier.startsWith(shared)
    ? path.join(root, 'shared', 'src', specifier.slice(shared.length))
    : path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.mts'].map((ext) => base + ext)];
  candidates.push(...['index.ts', 'index.tsx'].map((index) => path.join(base, index)));
  // `./x.js` written for ESM resolves to x.ts.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every relative (or @lender/shared) import of `file`: import, export … from, import(), require(). */
function importsOf(root, file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => resolve(root, file, fileName))
    .filter((target) => target !== undefined);
}

/** Strongly connected components with more than one folder (Tarjan). */
function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}

/** Pairs of folders that import each other (the shortest cycles). */
const mutualPairs = (graph) =>
  [...graph].flatMap(([a, targets]) =>
    [...targets].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
  );

/** The folder graph of `files` (folderOf: a file's folder, or undefined to leave it out). */
function folderGraph(root, files, folderOf) {
  const graph = new Map();
  const arrows = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (from === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(root, file)) {
      const to = folderOf(target);
      if (to === undefined || to === from) continue;
      graph.get(from).add(to);
      const key = `${from} -> ${to}`;
      arrows.set(key, (arrows.get(key) ?? 0) + 1);
    }
  }
  return { graph, arrows };
}

/**
 * The arrows and cycles of the repository at `root`: the API's folders and modules, and the
 * frontends' src folders.
 */
export function importArrows(root) {
  const relative = (file) => path.relative(root, file).split(path.sep).join('/');

  // The API -----------------------------------------------------------------------------------------

  const apiSrc = path.join(root, 'api', 'src');
  /** modules/<name> for a module's file, modules for the shared files beside them, else the top folder. */
  function apiFolder(file) {
    const parts = path.relative(apiSrc, file).split(path.sep);
    if (parts[0]?.startsWith('..')) return undefined;
    if (parts.length === 1) return '(src)';
    if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : 'modules';
    return parts[0];
  }

  /** What the sealed-module rule (eslint.config.mjs sealedModuleZones) forbids across modules: SQL and test helpers. */
  const SEALED_FILE = /(^|-)repository\.ts$|^test-support\.ts$/;

  const apiFiles = [...sourceFiles(apiSrc)];
  const api = folderGraph(root, apiFiles, apiFolder);
  const isModule = (folder) => folder?.startsWith('modules/') === true;
  const moduleGraph = new Map(
    [...api.graph]
      .filter(([folder]) => isModule(folder))
      .map(([folder, targets]) => [folder, new Set([...targets].filter(isModule))]),
  );

  const internals = [];
  for (const file of apiFiles) {
    const from = apiFolder(file);
    // A file imported twice (a type and a value) is one arrow.
    for (const target of new Set(importsOf(root, file))) {
      const to = apiFolder(target);
      if (!isModule(to) || to === from || !from?.startsWith('modules')) continue;
      const name = path.basename(target);
      if (name !== 'service.ts')
        internals.push({ from: relative(file), to: relative(target), open: !SEALED_FILE.test(name) });
    }
  }

  // The frontends' features ---------------------------------------------------------------------------

  const apps = readdirSync(root).filter((entry) => existsSync(path.join(root, entry, 'src', 'features')));
  const featureFiles = apps.flatMap((app) => [...sourceFiles(path.join(root, app, 'src', 'features'))]);
  const featureFolder = (file) => {
    const parts = relative(file).split('/');
    return parts[1] === 'src' && parts[2] === 'features' && parts.length > 4
      ? `${parts[0]}/${parts[3]}`
      : undefined;
  };
  const features = folderGraph(root, featureFiles, featureFolder);

  // The frontends' src folders: the shell, the remotes and shared (which they all import).
  const frontends = readdirSync(root).filter(
    (entry) =>
      (entry === 'shell' || entry === 'shared' || entry.startsWith('mf-')) &&
      existsSync(path.join(root, entry, 'src')),
  );
  const frontendFiles = frontends.flatMap((app) => [...sourceFiles(path.join(root, app, 'src'))]);
  /** <app>/<folder of src>, <app>/features/<name> for a feature, <app>/(src) for the files in src itself. */
  const frontendFolder = (file) => {
    const parts = relative(file).split('/');
    if (!frontends.includes(parts[0]) || parts[1] !== 'src') return undefined;
    if (parts.length === 3) return `${parts[0]}/(src)`;
    return parts[2] === 'features' && parts.length > 4
      ? `${parts[0]}/features/${parts[3]}`
      : `${parts[0]}/${parts[2]}`;
  };
  const frontend = folderGraph(root, frontendFiles, frontendFolder);

  return {
    api,
    moduleGraph,
    internals,
    features,
    frontend,
    apiCycles: cyclesOf(api.graph),
    moduleCycles: cyclesOf(moduleGraph),
    featureCycles: cyclesOf(features.graph),
    frontendCycles: cyclesOf(frontend.graph),
  };
}

// Report -------------------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? here);
  const {
    api,
    moduleGraph,
    internals,
    features,
    frontend,
    apiCycles,
    moduleCycles,
    featureCycles,
    frontendCycles,
  } = importArrows(root);

  const print = (title, lines) => {
    console.log(`\n${title}`);
    for (const line of lines) console.log(`  ${line}`);
    if (lines.length === 0) console.log('  (none)');
  };

  const sortedArrows = [...api.arrows].sort(([a], [b]) => a.localeCompare(b));

  print(
    `api/src folder arrows (${sortedArrows.length} arrows; imports per arrow):`,
    sortedArrows.map(([arrow, count]) => `${arrow} (${count})`),
  );
  print('api/src mutual pairs (a imports b and b imports a):', mutualPairs(api.graph));
  print(
    'api/src cycles between folders (strongly connected sets):',
    apiCycles.map((c) => c.join(', ')),
  );
  print(
    "imports of another module's file that is not its service (* = forbidden by the sealed-module rule):",
    internals.map(({ from, to, open }) => `${open ? ' ' : '*'} ${from} -> ${to}`),
  );
  print(
    'frontend src/features cycles:',
    featureCycles.map((c) => c.join(', ')),
  );
  print('frontend mutual pairs between src folders:', mutualPairs(frontend.graph));
  print(
    'frontend cycles between src folders (strongly connected sets):',
    frontendCycles.map((c) => c.join(', ')),
  );

  const forbidden = internals.filter(({ open }) => !open);
  console.log('\nSummary');
  console.log(
    `  api/src folder arrows: ${sortedArrows.length}, between modules: ${[...moduleGraph.values()].reduce((n, s) => n + s.size, 0)}`,
  );
  console.log(
    `  api/src folder cycles: ${apiCycles.length} (mutual pairs ${mutualPairs(api.graph).length}); between module folders: ${moduleCycles.length} (mutual pairs ${mutualPairs(moduleGraph).length})`,
  );
  console.log(
    `  imports of another module's non-service file: ${internals.length} (repository files: ${internals.filter(({ to }) => /repository\.ts$/.test(to)).length}; forbidden by the sealed-module rule: ${forbidden.length})`,
  );
  console.log(
    `  frontend feature folders: ${features.graph.size}, arrows between them: ${features.arrows.size}, cycles: ${featureCycles.length}`,
  );
  console.log(
    `  frontend src folders: ${frontend.graph.size}, arrows between them: ${frontend.arrows.size}, cycles: ${frontendCycles.length} (mutual pairs ${mutualPairs(frontend.graph).length})`,
  );
  // Module cycles are among the api/src folder cycles; feature cycles among the frontends'.
  process.exitCode = apiCycles.length + frontendCycles.length > 0 ? 1 : 0;
}
