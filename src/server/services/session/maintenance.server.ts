import { eq } from 'drizzle-orm'
import { maintenanceSettings } from '../../db/schema/index'
import type { Db } from '../../db/types'

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

export async function writeMaintenance(db: Db, change: Partial<MaintenanceSettings>, nowMs: number): Promise<MaintenanceSettings> {
  const next = { ...(await readMaintenance(db)), ...change }
  const values = { ...next, updatedAt: new Date(nowMs) }
  await db
    .insert(maintenanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: maintenanceSettings.id, set: values })
  return next
}
