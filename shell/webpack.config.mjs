import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL_PORT } from '@lender/shared/build/apps.mjs';
import { createPageConfig, createWebpackConfig } from '@lender/shared/build/create-webpack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The scripts an HTML page loads (`<script src>`) or preloads (`<link rel=preload as=script>`). */
function scriptsOf(html) {
  const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
    .map(([tag]) =>
      tag.startsWith('<script')
        ? attribute(tag, 'src')
        : attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'script'
          ? attribute(tag, 'href')
          : undefined,
    )
    .filter(Boolean);
}

// The host: no exposes, remotes registered at run time from /remotes.config.json.
const shell = createWebpackConfig({
  dir,
  name: 'shell',
  host: true,
  port: SHELL_PORT,
  runtimePlugins: [path.join(dir, 'src/remotes/remote-fallback-plugin.ts')],
});

// /signin: static HTML and CSS made at build time plus one small script, without the federation
// runtime, React or antd, so the first page of the day paints before any script runs.
const signIn = createPageConfig({
  dir,
  name: 'signin',
  entry: './src/sign-in/index.ts',
  template: path.join(dir, 'src/sign-in/sign-in.html.ts'),
  filename: 'signin.html',
  dependencies: ['shell'],
  templateParameters: {
    // Read when the page renders, after the shell's build: the scripts its index.html loads or
    // preloads, which the sign-in page prefetches once the person starts on the form (none in the
    // dev server, which builds in memory).
    get appScripts() {
      const index = path.join(dir, 'dist/index.html');
      return existsSync(index) ? scriptsOf(readFileSync(index, 'utf8')) : [];
    },
  },
});

export default (env, argv) => {
  const shellConfig = { name: 'shell', ...shell(env, argv) };
  // The dev server answers /signin with the page, like the API server does in production.
  shellConfig.devServer = {
    ...shellConfig.devServer,
    historyApiFallback: { rewrites: [{ from: /^\/signin\/?$/, to: '/signin.html' }] },
  };
  return [shellConfig, signIn(env, argv)];
};
