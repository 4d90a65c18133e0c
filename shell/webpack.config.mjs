import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@lender/shared/build/create-webpack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no exposes, remotes registered at run time from /remotes.config.json.
export default createWebpackConfig({
  dir,
  name: 'shell',
  host: true,
  port: 3000,
  runtimePlugins: [path.join(dir, 'src/remotes/retry-plugin.ts')],
});
