import { inject } from 'vitest'
import { openFreshDatabase, type TestDatabase } from './fresh-database'

// A fresh database for one test file (tests/helpers/fresh-database.ts). A seeded one starts as
// a copy of the run's seeded template (tests/setup/template.ts), which only Vitest can hand
// over (inject), so this file is for tests only.
export { MIGRATIONS, admin, type TestDatabase } from './fresh-database'

export function freshDatabase({ seed }: { seed: boolean }): Promise<TestDatabase> {
  return openFreshDatabase({ seed, template: seed ? inject('seededTemplate') : undefined })
}
