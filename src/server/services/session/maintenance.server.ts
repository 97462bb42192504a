import { eq } from 'drizzle-orm'
import { maintenanceSettings } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { dropsOn, invalidate } from '../../cache/invalidation.server'
import { perDatabase } from '../../cache/read-cache.server'

// Maintenance settings live in one database row, so every app server sees the same.
export type MaintenanceSettings = {
  loginAllowed: boolean
  testLoginAllowed: boolean
  flashText: string
  shopUrl: string | null
  subdomain: string | null
}

const DEFAULTS: MaintenanceSettings = {
  loginAllowed: true,
  testLoginAllowed: true,
  flashText: '',
  shopUrl: null,
  subdomain: null,
}

export async function readMaintenance(db: Db): Promise<MaintenanceSettings> {
  const [row] = await db.select().from(maintenanceSettings).where(eq(maintenanceSettings.id, 1)).limit(1)
  if (!row) return DEFAULTS
  return {
    loginAllowed: row.loginAllowed,
    testLoginAllowed: row.testLoginAllowed,
    flashText: row.flashText,
    shopUrl: row.shopUrl,
    subdomain: row.subdomain,
  }
}

// Every page asks for the settings before it renders (the root route's session check): kept
// READ_CACHE_TTL_MS like the other hot reads (decision 009). A write here forgets them; another
// server, or the maintenance CLI, hears of it (cache/invalidation.server.ts); the TTL stays the
// backstop. The login reads them fresh.
const cached = perDatabase<Db, 1, MaintenanceSettings>()
dropsOn('maintenance', (db) => cached(db).clear())

export function currentMaintenance(db: Db, nowMs: number): Promise<MaintenanceSettings> {
  return cached(db).load(1, nowMs, () => readMaintenance(db))
}

export async function writeMaintenance(db: Db, change: Partial<MaintenanceSettings>, nowMs: number): Promise<MaintenanceSettings> {
  cached(db).clear()
  const next = { ...(await readMaintenance(db)), ...change }
  const values = { ...next, updatedAt: new Date(nowMs) }
  await db
    .insert(maintenanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: maintenanceSettings.id, set: values })
  await invalidate(db, 'maintenance')
  return next
}
