import { eq } from 'drizzle-orm'
import { materialOverviewEndpoint } from '../../../contract/company-parent'
import { m } from '../../../paraglide/messages'
import { companies } from '../../db/schema/index'
import { withDocument } from '../../endpoint/document.server'
import { notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { readMaterials } from './material-list.server'
import { overviewFailurePage, overviewPage } from './material-overview-page.server'
import { pair } from '../../../domain/id-name-pair'

// GET /vue/material-overview/{id}/: the company's materials per line — select-line's data —
// as a printable page for a browser, the envelope for a client asking for JSON (decision 029).
const overview = implement(materialOverviewEndpoint, async ({ db, company }) => {
  const [[named], rows] = await Promise.all([
    db.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, company.id)),
    readMaterials(db, company.id),
  ])
  if (!named) throw notFound((locale) => m.error_company_not_found({}, { locale }))
  const lines = new Map<string, Array<{ material: string; prodname: string; thicknesses: string; texture: string }>>()
  for (const row of rows) {
    const list = lines.get(row.line__name) ?? []
    list.push({ material: row.material, prodname: row.prodname, thicknesses: row.thicknesses, texture: row.texture })
    lines.set(row.line__name, list)
  }
  return { company: pair(company.id, named.name1), lines: [...lines].map(([line, materials]) => ({ line, materials })) }
})

export const materialOverview = withDocument(overview, materialOverviewEndpoint, { page: overviewPage, failure: overviewFailurePage })
