// One webpack + Module Federation configuration for the shell and every remote, so the shared
// singletons, chunk naming and caching rules cannot drift between apps.
import path from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import { DEV_API, remoteApp } from './apps.mjs';
import { RUNTIME_SINGLETONS } from './shared-modules.mjs';

const require = createRequire(import.meta.url);
const sharedPackage = require('../package.json');

/**
 * Shared modules: third-party singletons (one React, one Redux) and the runtime part of
 * @lender/shared. A remote consumes the shell's copies; whichever app loads first would provide
 * them, and the shell always loads first.
 */
function sharedModules(appDir) {
  const appPackage = require(path.join(appDir, 'package.json'));
  const deps = { ...appPackage.dependencies };
  const version = (name) => require(require.resolve(`${name}/package.json`, { paths: [appDir] })).version;
  const singleton = (name) => ({
    singleton: true,
    requiredVersion: `^${version(name)}`,
    version: version(name),
  });
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', 'zod']) {
    if (!deps[name]) continue;
    shared[name] = singleton(name);
    // Sub-paths (react/jsx-runtime, react-dom/client, @reduxjs/toolkit/query/react) are separate keys.
    shared[`${name}/`] = singleton(name);
  }
  // The workspace package has no registry version; give it one explicitly. A major change of its
  // runtime part is a coordinated release: strictVersion makes a mismatch an error, not a surprise.
  const runtime = {
    singleton: true,
    strictVersion: true,
    version: sharedPackage.version,
    requiredVersion: `^${sharedPackage.version}`,
  };
  // Listed one by one, the shell provides each of them, also those it never imports itself
  // (antd-search, …), so that all of them come from the shell's build.
  for (const name of RUNTIME_SINGLETONS) shared[name] = runtime;
  return shared;
}

/**
 * Writes a remote's contributions and the contract version it is built with into its
 * mf-manifest.json (`metaData.lender`), checked against the contract's schema: a remote whose
 * declaration is wrong fails its build, not the shell at run time.
 */
function manifestData(contributionsFile) {
  return async ({ stats }) => {
    // The contributions are TypeScript (they use the contract's routes and permission table).
    const { tsImport } = await import('tsx/esm/api');
    const schemaFile = require.resolve('../src/contract/remote-manifest.ts');
    const [{ contributions }, { remoteManifestDataSchema }, { CONTRACT_VERSION }] = await Promise.all([
      tsImport(contributionsFile, import.meta.url),
      tsImport(schemaFile, import.meta.url),
      tsImport(require.resolve('../src/contract/version.ts'), import.meta.url),
    ]);
    const data = remoteManifestDataSchema.safeParse({
      contractVersion: process.env.LENDER_CONTRACT_VERSION || CONTRACT_VERSION,
      contributions,
    });
    if (!data.success) {
      throw new Error(
        `${contributionsFile} does not match the contract:\n${JSON.stringify(data.error.issues, null, 2)}`,
      );
    }
    stats.metaData.lender = data.data;
    return stats;
  };
}

/**
 * TypeScript and TSX through SWC. `refresh`: SWC registers each component with React Refresh
 * (the dev server's Fast Refresh, which needs ReactRefreshPlugin's runtime in the same build).
 */
function scriptRule(production, refresh = false) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh } },
          target: 'es2020',
        },
      },
    },
  };
}

/** Pre-compressed copies (.br, .gz) served by the API as they are: no compression work per request. */
function precompressPlugins() {
  return [
    new CompressionPlugin({
      test: /\.(js|css|html|json|svg)$/,
      algorithm: 'gzip',
      threshold: 1024,
    }),
    new CompressionPlugin({
      test: /\.(js|css|html|json|svg)$/,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
    }),
  ];
}

/** Where a build goes: <app>/dist, or LENDER_DIST_DIR (a deploy's versioned folder). */
function outputPath(dir) {
  return process.env.LENDER_DIST_DIR ? path.resolve(process.env.LENDER_DIST_DIR) : path.join(dir, 'dist');
}

/** What every compilation shares: its mode, module resolution and minifier. */
function baseConfig(dir, production) {
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

const minimizer = () => [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })];

/**
 * The runtime plugin that hands the shell's federation runtime to the remotes built with
 * `experiments.externalRuntime`. `provideExternalRuntime: true` would add its CommonJS build, which
 * pulls the CommonJS copy of the runtime next to the ES one the shell already has (+25 KB gzipped);
 * its ES build shares the shell's.
 */
function externalRuntimeProvider() {
  const enhanced = createRequire(require.resolve('@module-federation/enhanced/webpack'));
  const commonJs = enhanced.resolve('@module-federation/inject-external-runtime-core-plugin');
  return path.join(path.dirname(commonJs), 'index.js');
}

/**
 * The shell's dynamic imports on the way to a signed-in page: its app (behind the federation's
 * async boundary), the frame, and the remote loading (started from the bootstrap, see there).
 */
const STARTUP_IMPORTS = [
  './bootstrap',
  './layout/app-layout',
  '../layout/app-layout',
  './remotes/remote-page',
  '../remotes/remote-page',
  '../remotes/remote-routes',
  './remotes/register-remotes',
  './register-remotes',
  './load-remote-pages',
];

/**
 * Preload links in the HTML for every chunk the startup imports need, and for the chunks of the
 * shared modules they consume (react, antd-core, …, provided by the shell itself): the browser
 * fetches them all at once with the document, instead of one dynamic import after another
 * (each a round trip: about five between main.js and the frame on a fresh load).
 */
class PreloadStartupChunksPlugin {
  /** @param {string[]} requests import specifiers as written in the source */
  constructor(requests) {
    this.requests = new Set(requests);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'PreloadStartupChunksPlugin',
        (groups) => {
          const { chunkGraph } = compilation;
          // The shell provides its shared modules, so a consumed module loads from the chunk of
          // its provide module (the consume module's own fallback chunk stays unused).
          const provided = new Map();
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ProvideSharedModule') continue;
            const groups = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block));
            provided.set(module._name, [...(provided.get(module._name) ?? []), ...groups]);
          }
          const seen = new Set();
          const pending = compilation.chunkGroups.filter((group) =>
            group.origins.some((origin) => this.requests.has(origin.request)),
          );
          while (pending.length > 0) {
            const group = pending.pop();
            if (seen.has(group)) continue;
            seen.add(group);
            for (const chunk of group.chunks) {
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.constructor.name !== 'ConsumeSharedModule') continue;
                for (const provider of provided.get(module.options.shareKey) ?? []) {
                  if (provider && !seen.has(provider)) pending.push(provider);
                }
              }
            }
          }
          const files = new Set();
          for (const group of seen) {
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            }
          }
          const publicPath = compilation.outputOptions.publicPath;
          for (const file of [...files].sort()) {
            groups.headTags.push({
              tagName: 'link',
              voidTag: true,
              meta: { plugin: 'PreloadStartupChunksPlugin' },
              attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
            });
          }
          return groups;
        },
      );
    });
  }
}

const BUILD_DIR = path.dirname(new URL(import.meta.url).pathname);

/** The tiny host page of a remote run on its own (`node scripts/dev.mjs --remote mf-loans`). */
const DEV_HOST_DIR = path.join(BUILD_DIR, 'dev-host');

/**
 * @param {object} options
 * @param {string} options.dir          the app's folder
 * @param {string} options.name         federation name, a JS identifier (mf_loans)
 * @param {Record<string,string>} [options.exposes]  what a remote exposes
 * @param {boolean} [options.host]      the shell
 * @param {number} options.port         dev server port
 * @param {string[]} [options.runtimePlugins] runtime plugin files
 * @param {string} [options.contributions] a remote's contributions module (routes, menu, tags)
 *
 * Environment: LENDER_DIST_DIR builds into another folder than <app>/dist (a deploy's versioned
 * folder); LENDER_CONTRACT_VERSION stamps another contract version into the manifest (to try out
 * version skew: the shell refuses a remote of another major).
 * `webpack serve` (env.WEBPACK_SERVE) turns on hot updates with React Fast Refresh; a remote
 * served with `--env standalone` also serves a tiny host page of its own at / (dev-host/).
 */
export function createWebpackConfig({
  dir,
  name,
  exposes,
  host = false,
  port,
  runtimePlugins = [],
  contributions,
}) {
  return (env = {}, argv) => {
    const production = argv.mode === 'production';
    // Fast Refresh needs the dev server's hot updates: a development build without it has none.
    const refresh = !production && Boolean(env.WEBPACK_SERVE);
    // A remote on its own: it carries the federation runtime and provides the shared modules
    // itself, since no shell is there to do either.
    const standalone = !host && !production && Boolean(env.standalone);
    const loadsFirst = host || standalone;
    return {
      ...baseConfig(dir, production),
      entry: {
        main:
          refresh && host
            ? [path.join(BUILD_DIR, 'refresh-renderers.cjs'), './src/index.ts']
            : './src/index.ts',
        ...(standalone ? { devHost: path.join(DEV_HOST_DIR, 'index.ts') } : {}),
      },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: outputPath(dir),
        // Plain names for entries and remoteEntry (hashes there break the federation runtime);
        // content hashes on every other chunk so they can be cached for a year.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: loadsFirst ? '/' : 'auto',
        // Per app: the name of its chunk-loading and hot-update globals, and of its React Refresh
        // runtime, so that the shell's and each remote's do not overwrite each other in one page.
        uniqueName: name,
        clean: true,
      },
      resolve: {
        ...baseConfig(dir, production).resolve,
        // The dev host imports the remote it shows by these names.
        alias: standalone
          ? {
              'lender-dev-host/pages': path.join(dir, 'src/exposes/pages.tsx'),
              'lender-dev-host/contributions': path.resolve(dir, contributions ?? './src/contributions.ts'),
            }
          : {},
      },
      module: {
        rules: [
          scriptRule(production, refresh),
          // antd's rc-component packages do not declare that they have no side effects, so one
          // import of @rc-component/form (antd's Input reads its form context) kept all of it and
          // its validator in every page; they have none, and unused exports can go.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|svg|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      optimization: { minimizer: minimizer() },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedModules(dir),
          manifest: {
            fileName: 'mf-manifest.json',
            ...(contributions ? { additionalData: manifestData(path.resolve(dir, contributions)) } : {}),
          },
          dts: false,
          // Fetch a remote only when a route needs it: a remote that is down cannot stall start-up.
          shareStrategy: 'loaded-first',
          // One federation runtime in the page: the shell provides it (the plugin that
          // `experiments.provideExternalRuntime` would add), the remotes' entries use it instead of
          // each carrying a copy (~18 KB gzipped per remote).
          runtimePlugins: host ? [...runtimePlugins, externalRuntimeProvider()] : runtimePlugins,
          ...(loadsFirst ? {} : { experiments: { externalRuntime: true } }),
        }),
        ...(refresh ? [new ReactRefreshPlugin({ overlay: false })] : []),
        ...(production ? precompressPlugins() : []),
        ...(host
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'public/index.html'),
                favicon: path.join(dir, 'public/favicon.svg'),
              }),
              ...(production ? [new PreloadStartupChunksPlugin(STARTUP_IMPORTS)] : []),
            ]
          : []),
        ...(standalone
          ? [
              new HtmlWebpackPlugin({
                template: path.join(DEV_HOST_DIR, 'index.html'),
                chunks: ['devHost'],
                title: `${name} on its own`,
              }),
            ]
          : []),
      ],
      devServer: {
        port,
        hot: refresh,
        // A change that cannot be applied in place (a non-component module) reloads the page.
        liveReload: true,
        historyApiFallback: loadsFirst,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: host
          ? [{ context: ['/api', '/remotes.config.json', '/remotes'], target: DEV_API }]
          : standalone
            ? [{ context: ['/api'], target: DEV_API }]
            : [],
      },
    };
  };
}

/**
 * The whole webpack configuration of a remote, from the URL of its webpack.config.mjs: its
 * federation name and port come from apps.mjs, its pages from src/exposes/pages.tsx and its
 * routes and menu from src/contributions.ts (the same layout in every remote).
 */
export function createRemoteConfig(configUrl) {
  const dir = path.dirname(new URL(configUrl).pathname);
  // Which remote it is comes from its package.json, not its folder: a team may build a copy of
  // the remote in a folder of another name (npm run deploy, the remote-deploy browser test).
  const { name: packageName } = createRequire(configUrl)('./package.json');
  const { name, port } = remoteApp(packageName.replace(/^@lender\//, ''));
  return createWebpackConfig({
    dir,
    name,
    port,
    exposes: { './pages': './src/exposes/pages.tsx' },
    contributions: './src/contributions.ts',
  });
}

/**
 * Puts the page's scripts into its HTML (html-webpack-plugin's script tags get the code, the .js
 * files are not emitted): the page needs no request but the document, and its first paint cannot
 * wait for one.
 */
class InlineScriptsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineScriptsPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'InlineScriptsPlugin',
        (groups) => {
          for (const tag of [...groups.headTags, ...groups.bodyTags]) {
            const src = tag.tagName === 'script' ? tag.attributes.src : undefined;
            if (typeof src !== 'string') continue;
            const name = src.replace(/^\//, '');
            const asset = compilation.getAsset(name);
            if (!asset) continue;
            tag.innerHTML = String(asset.source.source()).replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '');
            tag.attributes = {};
            compilation.deleteAsset(name);
          }
          return groups;
        },
      );
    });
  }
}

/**
 * A page outside Module Federation (the shell's /signin): its HTML rendered at build time from a
 * TypeScript template (CSS imported with `?raw` is inlined as text) with its one small script
 * inlined at the end of the body (`htmlWebpackPlugin.tags.bodyTags`), with no shared chunks.
 * Writes into the app's dist next to the federated build, which must be built first (it cleans
 * dist): list this config after it with `dependencies: [name]`.
 *
 * @param {object} options
 * @param {string} options.dir       the app's folder
 * @param {string} options.name      this compilation's name
 * @param {string} options.entry     the page's script
 * @param {string} options.template  a module whose default export returns the HTML
 * @param {string} options.filename  the HTML file's name in dist
 * @param {string[]} [options.dependencies] compilations to finish first
 * @param {object} [options.templateParameters] more arguments of the template (getters are read when it renders)
 */
export function createPageConfig({
  dir,
  name,
  entry,
  template,
  filename,
  dependencies = [],
  templateParameters = {},
}) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      ...baseConfig(dir, production),
      name,
      dependencies,
      entry: { [name]: entry },
      // Inlined into the HTML: no source map file to point to.
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: ['web', 'es2020'],
      output: {
        path: outputPath(dir),
        filename: '[name].[contenthash:8].js',
        publicPath: '/',
        uniqueName: name,
        clean: false,
      },
      module: {
        rules: [scriptRule(production), { test: /\.css$/, resourceQuery: /raw/, type: 'asset/source' }],
      },
      optimization: { minimizer: minimizer(), splitChunks: false, runtimeChunk: false },
      plugins: [
        new HtmlWebpackPlugin({
          template,
          filename,
          inject: false,
          scriptLoading: 'blocking',
          templateParameters,
        }),
        new InlineScriptsPlugin(),
        ...(production ? precompressPlugins() : []),
      ],
    };
  };
}
