import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPageConfig, createWebpackConfig } from '@lender/shared/build/create-webpack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no exposes, remotes registered at run time from /remotes.config.json.
const shell = createWebpackConfig({
  dir,
  name: 'shell',
  host: true,
  port: 3000,
  runtimePlugins: [path.join(dir, 'src/remotes/retry-plugin.ts')],
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
