import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { savedByOwner, type PendingRow } from './local-keys'
import { saveTextsFn } from './translation.functions'

// Someone else — or the same user in another window — saved a text after this one loaded it:
// both sides, and the choice.
export function ConflictPanel({
  pending,
  theirs: conflict,
  onResolve,
}: {
  pending: PendingRow
  theirs: NonNullable<PendingRow['theirs']>
  onResolve: (choice: { kind: 'theirs' } | { kind: 'text'; value: string }) => void
}) {
  useLocale()
  const mine = savedByOwner(pending)
  return (
    <section
      data-conflict-by={mine ? 'me' : 'someone-else'}
      aria-label={mine ? m.translation_conflict_heading_mine() : m.translation_conflict_heading()}
      className={css({ display: 'grid', gap: '2', p: '3', borderRadius: 'control', bg: 'warning.100', border: '1px solid', borderColor: 'warning.400' })}
    >
      <p className={css({ fontWeight: 'semibold', color: 'warning.700' })}>
        {mine ? m.translation_conflict_explain_mine() : m.translation_conflict_explain({ by: conflict.by ?? '?' })}
      </p>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <div className={css({ display: 'grid', gap: '1', alignContent: 'start' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{mine ? m.translation_conflict_yours_mine() : m.translation_conflict_yours()}</span>
          <p data-testid="conflict-yours" className={css({ bg: 'bg', p: '2', borderRadius: 'control', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
            {pending.value}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => onResolve({ kind: 'text', value: pending.value })}>
            {mine ? m.translation_conflict_keep_this() : m.translation_conflict_keep_mine()}
          </button>
        </div>
        <div className={css({ display: 'grid', gap: '1', alignContent: 'start' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{m.translation_conflict_theirs()}</span>
          <p data-testid="conflict-theirs" className={css({ bg: 'bg', p: '2', borderRadius: 'control', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
            {conflict.value ?? m.translation_conflict_removed()}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => onResolve({ kind: 'theirs' })}>
            {mine ? m.translation_conflict_take_saved() : m.translation_conflict_take_theirs()}
          </button>
        </div>
      </div>
      <p className={css({ fontSize: 'sm' })}>{m.translation_conflict_merge_hint()}</p>
    </section>
  )
}

/**
 * "Save merged text": the editor's text, made against the other side's version, goes to the
 * server at once — this text only, the other unsaved edits stay — with a save's own conflict
 * handling (decision 048).
 */
export function SaveMergedButton({ pending, value, flush }: { pending: PendingRow; value: string; flush: () => Promise<void> }) {
  useLocale()
  const saveTexts = useServerFn(saveTextsFn)
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={buttonClass}
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        setBusy(true)
        void Promise.all([flush(), import('./merge-save')])
          .then(([, { saveMerged }]) => saveMerged(pending, value, (body) => saveTexts({ data: { scope: pending.scope, body } })))
          .finally(() => setBusy(false))
      }}
    >
      {m.translation_conflict_save_merged()}
    </button>
  )
}
