import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import { createStore, loader, once, useStore, whenIdle } from '../../ui/lazy-part'
import type { GlossaryRow } from './glossary-keys'
// Their types only (erased): the code comes on first use.
import type * as GlossaryPart from './glossary-part'
import type { TextMark } from './glossary-source'
import { InlineText } from './inline-text'

// The glossary in the translation screens' editors
// (docs/decisions/038-translation-history-and-glossary.md): the terms of the pair kept on this
// device (offline too), marked in the source with their translation and listed under it, and loaded
// from the server when a screen first asks for them online (and with its "Load from server"). Only
// these thin hooks are in a screen's first load (docs/decisions/035-page-weight.md): the live copy,
// the matching and the list (glossary-part.ts) come when the browser is first idle, the loading
// (glossary-sync.ts) after them; every script is precached for offline use.

export type SourceTerms = { marks: TextMark[]; found: GlossaryRow[] }

const NOTHING: SourceTerms = { marks: [], found: [] }
const part = createStore<typeof GlossaryPart | null>(null)
const load = loader(
  once(() => import('./glossary-part')),
  (module) => part.set(module),
  'the glossary',
)
const loadSync = once(() => import('./glossary-sync'))
/** Nothing to follow until the live copy's code is here. */
const noSubscription = () => undefined

/**
 * The glossary terms of the texts in `src` into `dst` kept on this device: undefined until
 * read, then every change (a load, an edit on the glossary screen, another tab).
 */
export function useGlossary(dst: string, src = 'master'): ReadonlyArray<GlossaryRow> | undefined {
  const live = useStore(part)
  useEffect(() => (live ? undefined : whenIdle(load)), [live])
  const subscribe = useCallback((listener: () => void) => (live ? live.subscribe(src, dst, listener) : noSubscription), [live, src, dst])
  return useSyncExternalStore(
    subscribe,
    () => live?.snapshot(src, dst),
    () => undefined,
  )
}

/** The marks and the terms of `source` found in the glossary (none until it is read). */
export function useSourceTerms(source: string, glossary: ReadonlyArray<GlossaryRow> | undefined): SourceTerms {
  const live = useStore(part)
  return useMemo(() => (live && glossary && glossary.length > 0 ? live.sourceTerms(source, glossary) : NOTHING), [live, source, glossary])
}

/** The source with its inline codes shown as tags and the glossary's terms marked. */
export function SourceText({ text, terms }: { text: string; terms: SourceTerms }) {
  const live = useStore(part)
  return live && terms.marks.length > 0 ? <live.MarkedText text={text} marks={terms.marks} /> : <InlineText text={text} />
}

/** "Glossary: term → translation (note)" for each term of the source; nothing without one. */
export function GlossaryHints({ id, terms }: { id: string; terms: SourceTerms }) {
  const live = useStore(part)
  return live && terms.found.length > 0 ? <live.GlossaryHintsList id={id} found={terms.found} /> : null
}

/** "Load from server": the glossary into `dst` as the server has it now (the copy stays when that fails). */
export async function reloadGlossary(dst: string): Promise<void> {
  if (dst === 'master') return
  const sync = await loadSync().catch(() => null)
  await sync?.syncGlossary(dst, { force: true })
}
