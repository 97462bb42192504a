// npm run maintenance -- --login off --test-login on --flash "Wartung ab 18 Uhr" --shop-url none
// (npm run admin -- maintenance …): prints the settings, after the change when one is given.
import { z } from 'zod'
import { env } from '../../src/server/env.server'
import { writeMaintenance, readMaintenance, type MaintenanceSettings } from '../../src/server/services/session/maintenance.server'
import { openCliDatabase } from '../cli-database'
import type { ProcessCommand } from './process-command'

const USAGE = 'Usage: npm run maintenance -- [--login on|off] [--test-login on|off] [--flash TEXT] [--shop-url URL|none]'
const HELP = `${USAGE}

Changes the maintenance settings that GET /vue/maintenance/ answers and the login checks, then
prints the settings as JSON (with no option it only prints them). Works while the portal runs.

  --login on|off        the login on or off.
  --test-login on|off   the test login on or off.
  --flash TEXT          the flash text (--flash "" clears it).
  --shop-url URL|none   the shop URL (none: no URL).
  -h, --help            this text.`

const onOff = z.enum(['on', 'off']).transform((value) => value === 'on')
const schema = z.object({
  login: onOff.optional(),
  'test-login': onOff.optional(),
  flash: z.string().max(2000).optional(),
  'shop-url': z.union([z.literal('none'), z.url()]).optional(),
})

export const maintenanceCommand: ProcessCommand<typeof schema> = {
  usage: USAGE,
  help: HELP,
  options: { login: { type: 'string' }, 'test-login': { type: 'string' }, flash: { type: 'string' }, 'shop-url': { type: 'string' } },
  schema,
  run: maintenance,
}

async function maintenance(options: z.output<typeof schema>): Promise<number> {
  const change: Partial<MaintenanceSettings> = {}
  if (options.login !== undefined) change.loginAllowed = options.login
  if (options['test-login'] !== undefined) change.testLoginAllowed = options['test-login']
  if (options.flash !== undefined) change.flashText = options.flash
  if (options['shop-url'] !== undefined) change.shopUrl = options['shop-url'] === 'none' ? null : options['shop-url']

  const database = await openCliDatabase()
  try {
    await database.migrate(env().MIGRATIONS_DIR)
    const settings = Object.keys(change).length > 0 ? await writeMaintenance(database.db, change, Date.now()) : await readMaintenance(database.db)
    console.log(JSON.stringify(settings, null, 2))
    return 0
  } finally {
    await database.close()
  }
}
