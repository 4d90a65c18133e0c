import { defineConfig } from 'drizzle-kit';

// `pnpm --filter ./api db:generate` writes a new SQL migration after a change to the schema.
// Generation needs no database; the server applies migrations itself at start (src/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
