import { useEffect, useState } from 'react'
import { createStore, loader, useStore, whenIdle } from '../../ui/lazy-part'
import { loadChecks } from './issues-slot'
import type { EntryRow, PendingRow } from './local-keys'
import type { GlossaryTerm } from '../../../src/domain/translation-checks'
import { maxLengthOf } from '../../../src/domain/text-flags'
// Its type only (erased): the checks load on first use, as the editors' (issues-slot.tsx).
import type { hasIssues as HasIssues } from './translation-issues'

// Which texts of the list the quality checks find something in (decision 037): the list's
// "with issues" filter and count. The checks load when the browser is first idle, or at once
// when the filter asks for them. A check takes some 4 µs, so 100,000 texts are checked a
// thousand to a task, and each text's answer is kept with its entry: after an edit only the
// edited texts are checked again.

type Check = typeof HasIssues
const part = createStore<Check | null>(null)
const load = loader(
  () => loadChecks().then((module) => module.hasIssues),
  (check) => part.set(check),
  'the translation checks',
)

const SLICE = 1000
type Glossary = ReadonlyArray<GlossaryTerm> | undefined
/** Per entry: the value and glossary it was checked with and the answer. */
const checked = new WeakMap<EntryRow, { value: string; glossary: Glossary; issues: boolean }>()

/** The codes of the list's source and target language. */
type Languages = { source: string; target: string }

function entryHasIssues(check: Check, entry: EntryRow, value: string, glossary: Glossary, languages: Languages): boolean {
  const known = checked.get(entry)
  if (known && known.value === value && known.glossary === glossary) return known.issues
  const maxLength = maxLengthOf(entry.tags)
  const issues = check(entry.source, value, {
    sourceLanguage: languages.source,
    targetLanguage: languages.target,
    glossary,
    ...(maxLength !== undefined ? { maxLength } : {}),
  })
  checked.set(entry, { value, glossary, issues })
  return issues
}

/** Key → length limit of the entries whose tags set one (`max-length:N`). */
export function lengthLimits(entries: ReadonlyArray<Pick<EntryRow, 'key' | 'tags'>>): ReadonlyMap<string, number> {
  const limits = new Map<string, number>()
  for (const entry of entries) {
    if (entry.tags.length === 0) continue
    const limit = maxLengthOf(entry.tags)
    if (limit !== undefined) limits.set(entry.key, limit)
  }
  return limits
}

/**
 * The keys of the texts with issues, counting the edits on the device; null until known.
 * `languages`: the list's pair (its entries are of that pair alone); `glossary`: its terms
 * (checked again when they change).
 */
export function useIssueKeys(
  entries: ReadonlyArray<EntryRow> | null,
  pending: ReadonlyMap<string, PendingRow>,
  { now, languages, glossary }: { now: boolean; languages: Languages; glossary?: Glossary },
): ReadonlySet<string> | null {
  const check = useStore(part)
  useEffect(() => {
    if (check) return
    if (now) load()
    else return whenIdle(load)
  }, [check, now])

  const [found, setFound] = useState<ReadonlySet<string> | null>(null)
  const { source, target } = languages
  useEffect(() => {
    if (!check || !entries) return
    let cancelled = false
    void (async () => {
      const keys = new Set<string>()
      for (let from = 0; from < entries.length; from += SLICE) {
        if (from > 0) await new Promise((resolve) => setTimeout(resolve, 0))
        if (cancelled) return
        for (const entry of entries.slice(from, from + SLICE)) {
          const value = pending.get(entry.key)?.value ?? entry.target ?? ''
          if (value !== '' && entryHasIssues(check, entry, value, glossary, { source, target })) keys.add(entry.key)
        }
      }
      if (!cancelled) setFound(keys)
    })()
    return () => {
      cancelled = true
    }
  }, [check, entries, pending, glossary, source, target])
  // The last answer stays while the next is checked (no flicker as the translator types).
  return found
}
