import { asc } from 'drizzle-orm'
import type { Locale } from '../../../contract/envelope'
import { choiceOptions, countries, productionLines, type ChoiceKind } from '../../db/schema/index'
import type { Db } from '../../db/types'

// Reference data (countries, choice lists, lines) changes rarely and is read on every company
// load, so each database's copy is kept for a minute.
type Labelled = { code: string; de: string; en: string; isDefault: boolean }
export type Reference = {
  countries: Labelled[]
  choices: Record<ChoiceKind, Labelled[]>
  lines: Array<{ id: number; name: string }>
}

const TTL_MS = 60_000
const cache = new WeakMap<Db, { at: number; value: Promise<Reference> }>()

export function loadReference(db: Db, nowMs: number = Date.now()): Promise<Reference> {
  const hit = cache.get(db)
  if (hit && nowMs - hit.at < TTL_MS) return hit.value
  const value = readReference(db)
  cache.set(db, { at: nowMs, value })
  value.catch(() => cache.delete(db))
  return value
}

async function readReference(db: Db): Promise<Reference> {
  const [countryRows, optionRows, lineRows] = await Promise.all([
    db.select().from(countries).orderBy(asc(countries.position), asc(countries.code)),
    db.select().from(choiceOptions).orderBy(asc(choiceOptions.position), asc(choiceOptions.code)),
    db.select({ id: productionLines.id, name: productionLines.name }).from(productionLines).orderBy(asc(productionLines.name)),
  ])
  const choices: Reference['choices'] = { region: [], discount_group: [], assortment: [], language: [] }
  for (const row of optionRows) {
    choices[row.kind].push({ code: row.code, de: row.labelDe, en: row.labelEn, isDefault: row.isDefault })
  }
  return {
    countries: countryRows.map((row, index) => ({ code: row.code, de: row.nameDe, en: row.nameEn, isDefault: index === 0 })),
    choices,
    lines: lineRows,
  }
}

export function labelPairs(items: ReadonlyArray<Labelled>, locale: Locale): Array<[string, string]> {
  return items.map((item) => [item.code, item[locale]])
}

export function pairOf(items: ReadonlyArray<Labelled>, code: string | null, locale: Locale): [string, string] | null {
  const item = code === null ? undefined : items.find((candidate) => candidate.code === code)
  return item ? [item.code, item[locale]] : null
}

export function defaultPair(items: ReadonlyArray<Labelled>, locale: Locale): [string, string] | null {
  const item = items.find((candidate) => candidate.isDefault) ?? items[0]
  return item ? [item.code, item[locale]] : null
}
