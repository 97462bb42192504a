import { useEffect } from 'react'
import { createStore, loader, once, useStore, whenIdle } from '../../ui/lazy-part'
import type { GlossaryTerm } from '../../../src/domain/translation-checks'
// Its type only (erased): the checks and their messages are loaded below, on first use.
import type { issuesList } from './translation-issues'

// Where an editor shows what the quality checks find in the translation (issue 29). The checks
// and their wording (translation-issues.tsx) load when the browser is first idle after an
// editor is shown, not with the screen (issue 28's budget); every script is precached by the
// offline shell, so they work offline too. The textarea names the slot in aria-describedby.
/** The quality checks' module (translation-issues.tsx), fetched once for the editors, the list's filter and the save's summary. */
export const loadChecks = once(() => import('./translation-issues'))

const part = createStore<typeof issuesList | null>(null)
const load = loader(
  () => loadChecks().then((module) => module.issuesList),
  (list) => part.set(list),
  'the translation checks',
)

/** `glossary`: the terms of the screen's pair of languages, for the glossary check. */
export function IssuesSlot({ id, source, value, glossary }: { id: string; source: string; value: string; glossary?: ReadonlyArray<GlossaryTerm> }) {
  const list = useStore(part)
  useEffect(() => (list ? undefined : whenIdle(load)), [list])
  // A live region from the start (one added with its first message is not read out), around the list.
  return (
    <div id={id} role="status">
      {list ? list(source, value, glossary) : null}
    </div>
  )
}
