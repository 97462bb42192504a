import { eq } from 'drizzle-orm'
import type { CompanyInfo } from '../../contract/companies'
import type { Locale } from '../../contract/envelope'
import { perDatabase } from './read-cache.server'
import { companies } from '../db/schema/index'
import type { Db } from '../db/types'

// Hot company reads served from the read cache. Every write to a company (later: edit,
// set-parent, logo) calls forgetCompany so this server answers fresh at once.
const paths = perDatabase<Db, number, string | null>()
const infos = perDatabase<Db, string, CompanyInfo>()

export function companyPath(db: Db, companyId: number, nowMs: number): Promise<string | null> {
  return paths(db).load(companyId, nowMs, async () => {
    const [row] = await db.select({ path: companies.path }).from(companies).where(eq(companies.id, companyId)).limit(1)
    return row?.path ?? null
  })
}

export function cachedCompanyInfo(
  db: Db,
  key: { companyId: number; locale: Locale; scopeRootId: number },
  nowMs: number,
  load: () => Promise<CompanyInfo>,
): Promise<CompanyInfo> {
  return infos(db).load(`${key.companyId}:${key.locale}:${key.scopeRootId}`, nowMs, load)
}

export function forgetCompany(db: Db, companyId: number): void {
  paths(db).delete((key) => key === companyId)
  // Breadcrumbs and parent names of companies below may name this one too: drop all infos.
  infos(db).clear()
}
