import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@lender/shared/build/create-webpack-config.mjs';

export default createWebpackConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_loans',
  port: 3002,
  exposes: { './pages': './src/exposes/pages.tsx' },
  contributions: './src/contributions.ts',
});
