// A second, separate /vue/ backend process with its own seeded in-memory database.
// Prints its URL on the first line of stdout.
import { openDatabase } from '../../src/server/db/client.server'
import { useDatabase } from '../../src/server/db/instance.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'
import { MIGRATIONS } from './database'
import { serveVue } from './node-server'

const database = await openDatabase({ memory: true })
await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed: true })
useDatabase(database)
const { url } = await serveVue()
console.log(url)
