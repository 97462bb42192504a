import { useId, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { ConflictPanel } from './conflict-panel'
import type { EditScope, PendingRow } from './local-keys'
import { loadStore } from './store'
import { currentOwner } from './pending-owner'
import { useKeptEdit } from './use-kept-edit'
import { IssuesSlot } from './issues-slot'
import { translationTextareaClass } from './textarea-class'
import { useMemoryMatches } from './memory-client'
import { MemoryPanel, sharedEditorKey } from './memory-panel'
import { createStore, useStore } from '../../ui/lazy-part'

/** The field whose memory matches show (useId of the field). */
const activeField = createStore<string | null>(null)

// One translatable text on the catalogue and article screens: the source, and the target
// edited in place. Kept on the device after the 250 ms debounce, as in the workspace.
export function TextField({
  scope,
  dst,
  textKey,
  source,
  target,
  stamp,
  unit,
  pending,
  label,
  src = 'master',
}: {
  scope: Exclude<EditScope, 'vartext' | 'system'>
  dst: string
  textKey: string
  source: string
  target: string | null
  stamp: string | null
  unit?: PendingRow['unit']
  pending: PendingRow | undefined
  /** What the text is (a kind of unit, a catalogue node); shown above it. */
  label?: string
  /** The source's language, for the translation memory. */
  src?: string
}) {
  useLocale()
  const id = useId()
  const shown = pending?.value ?? target ?? ''
  const [draft, setDraft] = useState<string | null>(null)
  const value = draft ?? shown
  const { change: keep, flush } = useKeptEdit(async (next) => {
    const store = await loadStore()
    await store.putEdit(store.translationDb(), currentOwner(), scope, dst, { key: textKey, target, stamp, source }, next, Date.now(), unit)
    setDraft(null)
  })

  function change(next: string) {
    setDraft(next)
    keep(next)
  }

  // The translation memory's matches under the field edited last: they stay when the focus
  // leaves for a link or a button (no jump of the page under the pointer), and move to the next
  // field that takes the focus.
  const active = useStore(activeField) === id
  const owner = currentOwner()
  const matches = useMemoryMatches(owner, active ? { src, dst, source, exclude: { kind: scope, key: textKey } } : null)

  const status = pending ? (pending.state === 'conflict' ? 'conflict' : 'unsaved') : target === null ? 'untranslated' : 'translated'
  return (
    <div data-key={textKey} data-text-status={status} className={css({ display: 'grid', gap: '1', minW: '0' })} onFocus={() => activeField.set(id)}>
      {label ? <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' })}>{label}</span> : null}
      <label htmlFor={id} className={css({ overflowWrap: 'anywhere' })}>
        {source || textKey}
      </label>
      <textarea
        id={id}
        rows={1}
        value={value}
        placeholder={m.translation_untranslated_placeholder()}
        onChange={(event) => change(event.target.value)}
        onBlur={() => void flush()}
        onKeyDown={(event) => sharedEditorKey(event, matches, source, change)}
        aria-keyshortcuts="Control+Insert"
        aria-describedby={`${id}-problems`}
        className={cx(
          cx(translationTextareaClass, css({ minH: '10' })),
          status === 'unsaved' ? css({ borderColor: 'warning.400', bg: 'warning.100' }) : undefined,
        )}
      />
      <IssuesSlot id={`${id}-problems`} source={source} value={value} />
      {active && source.trim() !== '' ? (
        <MemoryPanel
          owner={owner}
          matches={matches}
          onTake={(next) => {
            change(next)
            document.getElementById(id)?.focus()
          }}
        />
      ) : null}
      {pending?.reason ? <p className={css({ fontSize: 'sm', color: 'danger.700' })}>{pending.reason}</p> : null}
      {pending?.state === 'conflict' && pending.theirs ? (
        <ConflictPanel
          pending={pending}
          theirs={pending.theirs}
          onResolve={(choice) => void loadStore().then((store) => store.resolveConflict(store.translationDb(), pending, choice))}
        />
      ) : null}
    </div>
  )
}
