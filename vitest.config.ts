import { configDefaults, defineConfig } from 'vitest/config'

// Unit and API tests: Node, a fresh in-memory PGlite per test file (or a fresh PostgreSQL
// database per file when TEST_DATABASE_URL is set). Not the app's vite config: no Start plugin.
// Files that never reach the database under test — pure functions, the UI's models, the house
// rules, and the embedded database's own behaviour (its folder lock, its
// settings, the maintenance CLI on a DATA_DIR): the PostgreSQL pass leaves them out, as they
// would only run the same code again.
const DATABASE_FREE = [
  'tests/domain/**',
  'tests/ui/**',
  'tests/lint/**',
  'tests/vue/target.test.ts',
  'tests/vue/forwarded.test.ts',
  'tests/db/embedded-postgres.test.ts',
  'tests/db/single-instance.test.ts',
  'tests/session/maintenance-cli.test.ts',
  'tests/ops/env-table.test.ts',
  'tests/ops/backup.test.ts',
  'tests/ops/admin-cli.test.ts',
]

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE : [])],
    environment: 'node',
    setupFiles: ['tests/setup/console.ts'],
    globalSetup: ['tests/setup/template.ts'],
    // One file per core: on a 2-core machine the default (cores - 1) leaves one idle while a file
    // waits on its database. Files share nothing but the machine (tests/setup/console.ts).
    maxWorkers: 2,
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
