import { z } from 'zod'
import type { CompanyInfo } from '../../contract/companies'
import type { Locale } from '../../contract/envelope'
import { dropsOn, invalidate } from './invalidation.server'
import { perDatabase } from './read-cache.server'
import { hotRead } from '../db/hot-read.server'
import { sharedAnswer } from '../endpoint/shared-json.server'
import type { Db } from '../db/types'

// Hot company reads served from the read cache. Every write to a company (later: edit,
// set-parent, logo) calls forgetCompany so this server answers fresh at once.
const paths = perDatabase<Db, number, string | null>()
const infos = perDatabase<Db, string, CompanyInfo>()
dropsOn('companies', (db) => {
  paths(db).clear()
  infos(db).clear()
})

const PATH_READ = { name: 'portal_company_path_v2', text: `select json_build_object('path', path) from company_tree where company_id = $1` }
const pathRow = z.object({ path: z.string() })

export function companyPath(db: Db, companyId: number, nowMs: number): Promise<string | null> {
  return paths(db).load(companyId, nowMs, async () => {
    const row = await hotRead(db, PATH_READ, [companyId])
    return row === undefined ? null : pathRow.parse(row).path
  })
}

export function cachedCompanyInfo(
  db: Db,
  key: { companyId: number; locale: Locale; scopeRootId: number },
  nowMs: number,
  load: () => Promise<CompanyInfo>,
): Promise<CompanyInfo> {
  // A kept answer is shared by the requests it answers: its envelope's bytes are made once
  // (shared-json.server.ts). One that is not kept (READ_CACHE_TTL_MS=0) is serialized as usual.
  const cache = infos(db)
  return cache.load(`${key.companyId}:${key.locale}:${key.scopeRootId}`, nowMs, cache.keeps ? () => load().then(sharedAnswer) : load)
}

/**
 * After a write to a company, or a move (set-parent: every path below it changed): the cached
 * paths and infos of this server and of the others on the same database go — breadcrumbs and
 * parent names of companies below may name this one too. Call it after the write committed.
 */
export function forgetCompanies(db: Db): Promise<void> {
  return invalidate(db, 'companies')
}
