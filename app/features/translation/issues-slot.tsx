import { useEffect } from 'react'
import { createStore, loader, once, useStore, whenIdle } from '../../ui/lazy-part'
import type { GlossaryTerm } from '../../../src/domain/translation-checks'
// The count alone: the checks themselves load on first use (below).
import { characterCount } from '../../../src/domain/text-flags'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
// Its type only (erased): the checks and their messages are loaded below, on first use.
import type { issuesView } from './translation-issues'

// Where an editor shows what the quality checks find in the translation (decision 037). The
// checks and their wording (translation-issues.tsx) load when the browser is first idle after an
// editor is shown, not with the screen (decision 035's budget); every script is precached by the
// offline shell, so they work offline too. The textarea names the slot in aria-describedby.
/** The quality checks' module (translation-issues.tsx), fetched once for the editors, the list's filter and the save's summary. */
export const loadChecks = once(() => import('./translation-issues'))

const countClass = css({ fontSize: 'xs', color: 'fg.muted', justifySelf: 'end', fontVariantNumeric: 'tabular-nums' })
const countOverClass = css({ fontSize: 'xs', color: 'danger.700', fontWeight: 'semibold', justifySelf: 'end', fontVariantNumeric: 'tabular-nums' })

const part = createStore<typeof issuesView | null>(null)
const load = loader(
  () => loadChecks().then((module) => module.issuesView),
  (list) => part.set(list),
  'the translation checks',
)

/**
 * `languages`: the codes of the source and the translation (how each writes its numbers).
 * `glossary`: the terms of the screen's pair of languages, for the glossary check. `maxLength`:
 * the text's length limit (its `max-length:N` tag), shown as a count under the editor.
 */
export function IssuesSlot({
  id,
  source,
  value,
  languages,
  glossary,
  maxLength,
}: {
  id: string
  source: string
  value: string
  languages: { source: string; target: string }
  glossary?: ReadonlyArray<GlossaryTerm>
  maxLength?: number
}) {
  const view = useStore(part)
  useEffect(() => (view ? undefined : whenIdle(load)), [view])
  const found = view?.(source, value, {
    sourceLanguage: languages.source,
    targetLanguage: languages.target,
    glossary,
    ...(maxLength !== undefined ? { maxLength } : {}),
  })
  const length = maxLength === undefined ? 0 : characterCount(value)
  // A live region from the start (one added with its first message is not read out), around the list.
  // The count and the texts with visible white space stay outside it: read out at every
  // keystroke they would drown the rest.
  return (
    <>
      {maxLength !== undefined ? (
        <p data-testid="length-count" data-over={length > maxLength} className={length > maxLength ? countOverClass : countClass}>
          {m.translation_length_count({ length, limit: maxLength })}
        </p>
      ) : null}
      <div id={id} role="status">
        {found?.list}
      </div>
      {found?.whiteSpace}
    </>
  )
}
