import { eq } from 'drizzle-orm'
import { COMPANY_TERMS_FIELDS, companyFieldLabel, type CompanyEditDocument } from '../../../contract/company-edit'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { companies, companyLines, type Company } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { FieldProblems, fieldRefusal } from './edit-problems.server'
import type { Reference } from './choices.server'

// What a company edit changes, compared with the stored company, and whether the caller may
// change it (decision 028): master data needs CAN_CREATE_COMPANIES; the commercial terms are
// set from above — never on the caller's own company, unless the caller is staff (root).

/** Document fields and the column each one is stored in. */
const COLUMNS = [
  ['name1', 'name1'],
  ['name2', 'name2'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['zip', 'zip'],
  ['city', 'city'],
  ['country', 'country'],
  ['vat_number', 'vatNumber'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['mobile', 'mobile'],
  ['language', 'language'],
  ['region', 'region'],
  ['discount_group', 'discountGroup'],
  ['assortment', 'assortment'],
  ['auto_approve', 'autoApprove'],
] as const satisfies ReadonlyArray<readonly [keyof CompanyEditDocument, keyof Company]>

type Column = (typeof COLUMNS)[number][1]
type Value = string | boolean | null

export type CompanyChanges = {
  /** Changed columns with their new values. */
  columns: Partial<Pick<Company, Column>>
  /** The company's lines after the edit, when they change. */
  lines: number[] | null
  /** What changed, by document field: old and new values (the audit log's details). */
  fields: Record<string, { from: Value | number[]; to: Value | number[] }>
}

export type StoredCompany = Pick<Company, Column | 'id' | 'logo' | 'logoMime' | 'lastLineId'> & { lines: number[] }

export async function readStoredCompany(db: Db, companyId: number): Promise<StoredCompany | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId))
  if (!row) return null
  const lines = await db.select({ id: companyLines.lineId }).from(companyLines).where(eq(companyLines.companyId, companyId))
  return { ...row, lines: lines.map((line) => line.id).sort((a, b) => a - b) }
}

export function changesOf(document: CompanyEditDocument, stored: StoredCompany): CompanyChanges {
  const changes: CompanyChanges = { columns: {}, lines: null, fields: {} }
  for (const [field, column] of COLUMNS) {
    const next = document[field]
    if (next === undefined || next === stored[column]) continue
    Object.assign(changes.columns, { [column]: next })
    changes.fields[field] = { from: stored[column], to: next }
  }
  if (document.lines !== undefined) {
    const next = [...new Set(document.lines)].sort((a, b) => a - b)
    if (next.join(',') !== stored.lines.join(',')) {
      changes.lines = next
      changes.fields.lines = { from: stored.lines, to: next }
    }
  }
  return changes
}

/** 403 when the caller may not make these changes; nothing has been written yet. */
export function requireAllowedChanges(changes: CompanyChanges, caller: Caller, companyId: number, locale: Locale): void {
  const changed = Object.keys(changes.fields)
  if (changed.length === 0) return
  if (!caller.groups.includes('CAN_CREATE_COMPANIES')) {
    const names = (l: Locale) => changed.map((field) => companyFieldLabel(field, l)).join(', ')
    throw fieldRefusal(403, 'document', (l) => m.my_company_master_data_forbidden({ fields: names(l) }, { locale: l }), locale)
  }
  const terms = changed.filter((field) => COMPANY_TERMS_FIELDS.some((term) => term === field))
  if (terms.length > 0 && companyId === caller.companyId && !caller.companyIsRoot) {
    const names = (l: Locale) => terms.map((field) => companyFieldLabel(field, l)).join(', ')
    throw fieldRefusal(403, terms[0]!, (l) => m.my_company_terms_from_above({ fields: names(l) }, { locale: l }), locale)
  }
}

/** 400 when a changed choice is not among those company info offers. */
export function requireOfferedChoices(changes: CompanyChanges, reference: Reference, locale: Locale): void {
  const problems = new FieldProblems(locale)
  const offered = (field: string, value: string | null, codes: ReadonlyArray<{ code: string }>) => {
    if (value === null && field !== 'country') return
    if (codes.some((item) => item.code === value)) return
    problems.add(field, (l) => m.my_company_choice_unknown({ field: companyFieldLabel(field, l), value: String(value).slice(0, 40) }, { locale: l }))
  }
  const { columns } = changes
  if (columns.country !== undefined) offered('country', columns.country, reference.countries)
  if (columns.language !== undefined) offered('language', columns.language, reference.choices.language)
  if (columns.region !== undefined) offered('region', columns.region, reference.choices.region)
  if (columns.discountGroup !== undefined) offered('discount_group', columns.discountGroup, reference.choices.discount_group)
  if (columns.assortment !== undefined) offered('assortment', columns.assortment, reference.choices.assortment)
  for (const line of changes.lines ?? []) {
    if (!reference.lines.some((known) => known.id === line)) {
      problems.add('lines', (l) => m.my_company_choice_unknown({ field: companyFieldLabel('lines', l), value: String(line) }, { locale: l }))
    }
  }
  problems.check()
}

/**
 * 403 when a line is added that the caller's own company does not have: a dealer passes on
 * only the lines it sells itself (staff, at the root, any). Lines the company already has stay.
 */
export async function requireGrantableLines(
  db: Db,
  changes: CompanyChanges,
  stored: StoredCompany,
  caller: Caller,
  reference: Reference,
  locale: Locale,
): Promise<void> {
  const added = (changes.lines ?? []).filter((line) => !stored.lines.includes(line))
  if (added.length === 0 || caller.companyIsRoot) return
  const own = await db.select({ id: companyLines.lineId }).from(companyLines).where(eq(companyLines.companyId, caller.companyId))
  const foreign = added.filter((line) => !own.some((row) => row.id === line))
  if (foreign.length === 0) return
  const name = (line: number) => reference.lines.find((known) => known.id === line)?.name ?? String(line)
  throw fieldRefusal(403, 'lines', (l) => m.my_company_line_not_grantable({ lines: foreign.map(name).join(', ') }, { locale: l }), locale)
}
