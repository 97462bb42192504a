// npm run maintenance -- --login off --test-login on --flash "Wartung ab 18 Uhr" --shop-url none
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { env } from '../src/server/env.server'
import { writeMaintenance, readMaintenance, type MaintenanceSettings } from '../src/server/services/session/maintenance.server'
import { openCliDatabase } from './cli-database'

const onOff = z.enum(['on', 'off']).transform((value) => value === 'on')
const options = z.object({
  login: onOff.optional(),
  'test-login': onOff.optional(),
  flash: z.string().max(2000).optional(),
  'shop-url': z.union([z.literal('none'), z.url()]).optional(),
})

const { values } = parseArgs({
  options: { login: { type: 'string' }, 'test-login': { type: 'string' }, flash: { type: 'string' }, 'shop-url': { type: 'string' } },
  strict: true,
})
const parsed = options.safeParse(values)
if (!parsed.success) {
  console.error('Usage: npm run maintenance -- [--login on|off] [--test-login on|off] [--flash TEXT] [--shop-url URL|none]')
  for (const issue of parsed.error.issues) console.error(`  --${issue.path.join('.')}: ${issue.message}`)
  process.exit(2)
}

const change: Partial<MaintenanceSettings> = {}
if (parsed.data.login !== undefined) change.loginAllowed = parsed.data.login
if (parsed.data['test-login'] !== undefined) change.testLoginAllowed = parsed.data['test-login']
if (parsed.data.flash !== undefined) change.flashText = parsed.data.flash
if (parsed.data['shop-url'] !== undefined) change.shopUrl = parsed.data['shop-url'] === 'none' ? null : parsed.data['shop-url']

const database = await openCliDatabase()
try {
  await database.migrate(env().MIGRATIONS_DIR)
  const settings = Object.keys(change).length > 0 ? await writeMaintenance(database.db, change, Date.now()) : await readMaintenance(database.db)
  console.log(JSON.stringify(settings, null, 2))
} finally {
  await database.close()
}
