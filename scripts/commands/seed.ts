// npm run seed (npm run admin -- seed): migrations, then the demo data into an empty database
// (the embedded one or DATABASE_URL).
import { z } from 'zod'
import { prepareDatabase } from '../../src/server/db/prepare.server'
import { users } from '../../src/server/db/schema/index'
import { env } from '../../src/server/env.server'
import { openCliDatabase } from '../cli-database'
import type { ProcessCommand } from './process-command'

const USAGE = 'Usage: npm run seed'
const HELP = `${USAGE}

Applies the migrations, then loads the demo data into an empty database: the embedded one in
DATA_DIR, or DATABASE_URL's. Refuses a database that already has users.
Exit codes: 0 loaded, 1 it failed, 2 refused (the database has users).`

const schema = z.object({})

export const seedCommand: ProcessCommand<typeof schema> = { usage: USAGE, help: HELP, options: {}, schema, run: seed }

async function seed(): Promise<number> {
  const database = await openCliDatabase()
  try {
    await database.migrate(env().MIGRATIONS_DIR)
    if ((await database.db.$count(users)) > 0) {
      console.error('This database already has users; the demo data is only loaded into an empty database.')
      return 2
    }
    const started = Date.now()
    await prepareDatabase(database, { migrationsFolder: env().MIGRATIONS_DIR, seed: true })
    console.log(`Demo data loaded in ${Date.now() - started} ms.`)
    return 0
  } finally {
    await database.close()
  }
}
