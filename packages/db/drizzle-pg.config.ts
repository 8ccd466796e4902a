import { defineConfig } from 'drizzle-kit';

/**
 * PostgreSQL migrations, generated from the tables built for it out of src/schema
 * (`pnpm --filter @fees/db generate:pg`).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './drizzle-pg.schema.cjs',
  out: './drizzle-pg',
});
