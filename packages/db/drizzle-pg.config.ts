import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, generated from the engine's own schema (`pnpm --filter @fees/db generate:pg`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/engines/postgres/schema/index.ts',
  out: './drizzle-pg',
});
