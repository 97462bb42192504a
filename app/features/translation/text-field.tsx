import { useId, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { ConflictPanel, FieldHints, FieldMarks, FieldMemory, FieldReview, SaveMergedButton, loadDeskActions } from './desk-lazy'
import { isOutdated, revisionsOf, type EditScope, type PendingRow, type Revisions } from './local-keys'
import { loadStore } from './store'
import { currentOwner } from './pending-owner'
import { useKeptEdit } from './use-kept-edit'
import { IssuesSlot } from './issues-slot'
import { translationTextareaClass } from './textarea-class'
import type { ShownMatch } from './memory-protocol'
import { HistoryPanel, OutdatedNotice, usePreloadHistory } from './history-lazy'
import { createStore, useStore } from '../../ui/lazy-part'
import { GlossaryHints, SourceText, useGlossary, useSourceTerms } from './glossary-editor'
import { DESK_KEYS, ariaKeys, isDeskKey } from './desk-keys'
import { sharedEditorKey } from './editor-keys'
import { fieldClass } from './field-class'
import { openFieldKey } from './open-field'

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
  revisions,
  state,
  comments,
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
  /** The source's language, for the translation memory and the checks. */
  src?: string
  /** The kept answer's revisions: whether the translation is outdated. */
  revisions?: Revisions
  /** The kept answer's review state of the text and its comment count (docs/decisions/049). */
  state?: string
  comments?: number
}) {
  useLocale()
  usePreloadHistory()
  const id = useId()
  const shown = pending?.value ?? target ?? ''
  const [draft, setDraft] = useState<string | null>(null)
  const value = draft ?? shown
  const { change: keep, flush } = useKeptEdit(
    () => ({ owner: currentOwner(), scope, dst, entry: { key: textKey, target, stamp, source }, ...(unit ? { unit } : {}) }),
    () => setDraft(null),
  )

  function change(next: string) {
    setDraft(next)
    keep(next)
  }

  // The glossary's terms in the source, marked and listed, and used by the checks.
  const glossary = useGlossary(dst, src)
  const terms = useSourceTerms(source, glossary)

  // The translation memory's matches under the field edited last: they stay when the focus
  // leaves for a link or a button (no jump of the page under the pointer), and move to the next
  // field that takes the focus.
  const active = useStore(activeField) === id
  const owner = currentOwner()
  const [memoryMatches] = useState(() => createStore<ShownMatch[] | null>(null))
  const matches = useStore(memoryMatches)

  const known = revisionsOf(revisions, textKey, dst)
  const outdated = !pending && isOutdated({ target, ...known })
  const status = pending ? (pending.state === 'conflict' ? 'conflict' : 'unsaved') : target === null ? 'untranslated' : outdated ? 'outdated' : 'translated'
  const confirm = () =>
    loadStore().then((store) => store.confirmEdit(store.translationDb(), currentOwner(), scope, dst, { key: textKey, target, stamp, source }, Date.now(), unit))
  // Esc gives the focus to the field's box (tabIndex -1), Enter there back to the text (field-keys.tsx).
  return (
    <div
      data-key={textKey}
      data-text-status={status}
      tabIndex={-1}
      className={fieldClass}
      onFocus={() => {
        activeField.set(id)
        openFieldKey.set(textKey)
      }}
    >
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        {label ? <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' })}>{label}</span> : null}
        <FieldMarks textKey={textKey} state={state} comments={comments} />
      </span>
      <label htmlFor={id} className={css({ overflowWrap: 'anywhere' })}>
        {source ? <SourceText text={source} terms={terms} /> : textKey}
      </label>
      <GlossaryHints id={`${id}-glossary`} terms={terms} />
      {pending?.state === 'conflict' && pending.theirs ? (
        <ConflictPanel
          pending={pending}
          theirs={pending.theirs}
          onResolve={(choice) => void loadStore().then((store) => store.resolveConflict(store.translationDb(), pending, choice))}
        />
      ) : null}
      <textarea
        id={id}
        data-translation=""
        rows={1}
        value={value}
        placeholder={m.translation_untranslated_placeholder()}
        onChange={(event) => change(event.target.value)}
        onBlur={() => void flush()}
        onKeyDown={(event) => {
          if (sharedEditorKey(event, { matches, source, change, flush })) return
          // Confirmed as it is; field-keys.tsx goes on to the next text as for Ctrl+Enter.
          if (outdated && isDeskKey(event, DESK_KEYS.confirm)) void confirm()
        }}
        aria-keyshortcuts={`${ariaKeys(DESK_KEYS.copySource)} ${ariaKeys(DESK_KEYS.insertTag)}`}
        aria-describedby={terms.found.length > 0 ? `${id}-problems ${id}-glossary` : `${id}-problems`}
        className={cx(
          cx(translationTextareaClass, css({ minH: '10' })),
          status === 'unsaved' ? css({ borderColor: 'warning.400', bg: 'warning.100' }) : undefined,
          status === 'outdated' ? css({ borderColor: 'brass.600', borderStyle: 'dashed' }) : undefined,
        )}
      />
      {pending?.state === 'conflict' && pending.theirs ? <SaveMergedButton pending={pending} value={value} flush={flush} /> : null}
      {active ? <FieldHints source={source} /> : null}
      <IssuesSlot id={`${id}-problems`} source={source} value={value} languages={{ source: src, target: dst }} glossary={glossary} />
      {outdated ? (
        <OutdatedNotice kind={scope} textKey={textKey} source={source} targetRevision={known.targetRevision ?? 0} onConfirm={() => void confirm()} />
      ) : null}
      {active ? <HistoryPanel kind={scope} textKey={textKey} dst={dst} current={value} onRestore={change} pointerOnly /> : null}
      {active && source.trim() !== '' ? (
        <FieldMemory
          keysOnly
          owner={owner}
          query={{ src, dst, source, exclude: { kind: scope, key: textKey } }}
          onMatches={memoryMatches.set}
          onTake={(next) => {
            change(next)
            document.getElementById(id)?.focus()
          }}
        />
      ) : null}
      {pending?.reason ? <p className={css({ fontSize: 'sm', color: 'danger.700' })}>{pending.reason}</p> : null}
      {active ? (
        <FieldReview
          textKey={textKey}
          state={state}
          comments={comments}
          stamp={stamp}
          status={status}
          onMove={(direction) =>
            void loadDeskActions().then(
              (actions) => actions.goToField(document.getElementById(id), direction, 'review'),
              () => {},
            )
          }
        />
      ) : null}
    </div>
  )
}
