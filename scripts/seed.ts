// npm run seed: migrations, then the demo data into an empty database (PGlite or DATABASE_URL).
import { env } from '../src/server/env.server'
import { prepareDatabase } from '../src/server/db/prepare.server'
import { users } from '../src/server/db/schema/index'
import { openCliDatabase } from './cli-database'

const database = await openCliDatabase()
try {
  await database.migrate(env().MIGRATIONS_DIR)
  if ((await database.db.$count(users)) > 0) {
    console.error('This database already has users; the demo data is only loaded into an empty database.')
    process.exitCode = 2
  } else {
    const started = Date.now()
    await prepareDatabase(database, { migrationsFolder: env().MIGRATIONS_DIR, seed: true })
    console.log(`Demo data loaded in ${Date.now() - started} ms.`)
  }
} finally {
  await database.close()
}
