import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the schema and applied at start-up (src/server/db/prepare.server.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
})
