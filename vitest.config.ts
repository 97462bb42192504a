import { defineConfig } from 'vitest/config'

// Unit and API tests: Node, a fresh in-memory PGlite per test file (or a fresh PostgreSQL
// database per file when TEST_DATABASE_URL is set). Not the app's vite config: no Start plugin.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/console.ts'],
    globalSetup: ['tests/setup/template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      PORTAL_TIME_ZONE: 'Europe/Berlin',
      DATA_DIR: './data/test',
    },
  },
})
