import { and, eq, notInArray } from 'drizzle-orm'
import { companyEditEndpoint } from '../../../contract/company-edit'
import type { Caller } from '../../auth/caller.server'
import { forgetCompanies } from '../../cache/company-cache.server'
import { auditLog, companies, companyLines } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { loadReference } from './choices.server'
import {
  changesOf,
  readStoredCompany,
  requireAllowedChanges,
  requireGrantableLines,
  requireOfferedChoices,
  type CompanyChanges,
  type StoredCompany,
} from './edit-changes.server'
import { parseCompanyDocument } from './edit-problems.server'
import { logoUrl, logoVersion, normalizeLogo, type Logo } from './logo-image.server'
import { activityTarget } from '../../../domain/activity-target'
import { noteActivity } from '../../activity/record.server'

// POST /vue/company/{id}/edit/: my-company's save (decision 028). The frame has checked the
// company is in the caller's scope. Checks first — the document, who may change what, the
// offered choices, the logo — then one transaction writes the company, its lines and the
// audit entry with the real actor. Any refusal leaves everything as it was.
export const companyEdit = implement(companyEditEndpoint, async ({ db, caller, company, input, locale, nowMs }) => {
  const document = parseCompanyDocument(input.body.document, locale)
  const stored = await readStoredCompany(db, company.id)
  if (!stored) throw new Error(`company ${company.id} vanished after the scope check`)
  const changes = changesOf(document, stored)
  requireAllowedChanges(changes, caller, company.id, locale)
  const reference = await loadReference(db, nowMs)
  requireOfferedChoices(changes, reference, locale)
  await requireGrantableLines(db, changes, stored, caller, reference, locale)
  // A form without a chosen file sends an empty, nameless part (as text or as a file): no logo.
  const sent = input.body.logo
  const upload = sent instanceof File && (sent.size > 0 || sent.name !== '') ? sent : undefined
  const logo: Logo | null | undefined = upload
    ? await normalizeLogo(new Uint8Array(await upload.arrayBuffer()), locale)
    : document.remove_logo && stored.logo !== null
      ? null
      : undefined
  const changed = [...Object.keys(changes.fields), ...(logo === undefined ? [] : ['logo'])]
  if (changed.length > 0) {
    await writeCompany(db, caller, stored, changes, logo, nowMs)
    await forgetCompanies(db)
  }
  const kept = logo === undefined ? stored.logo : (logo?.bytes ?? null)
  return { id: company.id, changed, logo: kept === null ? null : logoUrl(company.id, logoVersion(kept)) }
})

/** logo: a new one, null to remove it, undefined to keep it. */
async function writeCompany(db: Db, caller: Caller, stored: StoredCompany, changes: CompanyChanges, logo: Logo | null | undefined, nowMs: number) {
  const companyId = stored.id
  const lines = changes.lines
  // A last line the company no longer has is forgotten (select-line asks again).
  const lastLine = lines !== null && stored.lastLineId !== null && !lines.includes(stored.lastLineId) ? { lastLineId: null } : {}
  const logoColumns = logo === undefined ? {} : { logo: logo?.bytes ?? null, logoMime: logo?.mime ?? null }
  const columns = { ...changes.columns, ...lastLine, ...logoColumns }
  await db.transaction(async (tx) => {
    if (Object.keys(columns).length > 0) await tx.update(companies).set(columns).where(eq(companies.id, companyId))
    if (lines !== null) {
      await tx
        .delete(companyLines)
        .where(lines.length > 0 ? and(eq(companyLines.companyId, companyId), notInArray(companyLines.lineId, lines)) : eq(companyLines.companyId, companyId))
      const added = lines.filter((line) => !stored.lines.includes(line))
      if (added.length > 0) await tx.insert(companyLines).values(added.map((lineId) => ({ companyId, lineId })))
    }
    const details = { fields: changes.fields, ...(logo === undefined ? {} : { logo: logoDetails(stored, logo) }) }
    // The activity trail's row of this call names the same target and details (decision 053).
    noteActivity({ target: activityTarget('company', companyId), details })
    await tx.insert(auditLog).values({
      actorUserId: caller.actorUserId ?? caller.userId,
      actingAsUserId: caller.actorUserId === null ? null : caller.userId,
      action: 'company_edit',
      entity: 'company',
      entityId: String(companyId),
      details,
      createdAt: new Date(nowMs),
    })
  })
}

function logoDetails(stored: StoredCompany, logo: Logo | null) {
  const from = stored.logo === null ? null : logoVersion(stored.logo)
  return logo === null ? { from, to: null } : { from, to: logoVersion(logo.bytes), mime: logo.mime, bytes: logo.bytes.byteLength }
}
