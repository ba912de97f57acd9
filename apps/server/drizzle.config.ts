import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and checked in; the server applies them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
