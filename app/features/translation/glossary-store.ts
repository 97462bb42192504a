import type { GlossaryRow } from './glossary-keys'
import { ALL_LANGUAGES } from './glossary-keys'
import type { TranslationDb } from './local-store'
import { allFit, datasetRow, glossaryLoadRow, glossaryRow, thoseThatFit } from './stored-rows'

// The glossary's local copy (docs/decisions/038-translation-history-and-glossary.md): the server's
// terms of a target language, replaced whole at each load, and changed one by one as this device
// adds, edits or deletes.

/** Replaces the kept terms of `language` (every language for ALL_LANGUAGES) with the server's. */
export async function storeGlossary(db: TranslationDb, language: string, terms: ReadonlyArray<GlossaryRow>, nowMs = Date.now()): Promise<void> {
  await db.transaction('rw', db.glossary, db.glossaryLoads, async () => {
    if (language === ALL_LANGUAGES) {
      await db.glossary.clear()
      const languages = [...new Set(terms.map((term) => term.language))]
      await db.glossaryLoads.bulkPut([ALL_LANGUAGES, ...languages].map((code) => ({ language: code, loadedAt: nowMs })))
    } else {
      await db.glossary.where('language').equals(language).delete()
      await db.glossaryLoads.put({ language, loadedAt: nowMs })
    }
    await db.glossary.bulkPut([...terms])
  })
}

/** A term the server answered to an add or an edit (its language may have changed). */
export async function keepGlossaryTerm(db: TranslationDb, term: GlossaryRow): Promise<void> {
  await db.glossary.put(term)
}

export async function forgetGlossaryTerm(db: TranslationDb, id: number): Promise<void> {
  await db.glossary.delete(id)
}

/** The kept terms into `language`, by term; null when this device never loaded them. */
export async function glossaryOf(db: TranslationDb, language: string): Promise<{ terms: GlossaryRow[]; loadedAt: number } | null> {
  return db.transaction('r', db.glossary, db.glossaryLoads, async () => {
    const loads = thoseThatFit(glossaryLoadRow, [await db.glossaryLoads.get(language), await db.glossaryLoads.get(ALL_LANGUAGES)])
    const load = loads[0]
    const terms = allFit(glossaryRow, await db.glossary.where('language').equals(language).toArray())
    // A kept term that does not fit: as if never loaded, so the terms are fetched again.
    if (terms === null || (!load && terms.length === 0)) return null
    terms.sort((a, b) => a.term.localeCompare(b.term, undefined, { sensitivity: 'base' }) || a.id - b.id)
    return { terms, loadedAt: load?.loadedAt ?? 0 }
  })
}

/** The target languages of the kept terms, and the language names of a kept list of texts. */
export async function glossaryLanguages(db: TranslationDb): Promise<{ codes: string[]; names: Array<[string, string]> }> {
  return db.transaction('r', db.glossary, db.datasets, async () => {
    const codes = (await db.glossary.orderBy('language').uniqueKeys()).map(String)
    const datasets = thoseThatFit(datasetRow, await db.datasets.toArray())
    const names = datasets.find((dataset) => dataset.languageChoices.length > 0)?.languageChoices ?? []
    return { codes, names }
  })
}
