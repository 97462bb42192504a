import { useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { formatDeviceTime } from '../../ui/format'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { Dialog } from '../../ui/form/lazy-dialog'
import { cardClass, secondaryButtonClass } from '../../ui/page'
import { GlossaryForm, type GlossaryValues } from './glossary-form'
import type { GlossaryRow } from './glossary-keys'
import type { useGlossaryEdits } from './use-glossary-edits'

// One term of the glossary screen: term → translation, its note and who changed it last; edited
// in place (Escape or Cancel goes back, the focus returns to Edit) and deleted after a question.

type Props = {
  entry: GlossaryRow
  languageName: (code: string) => string
  edits: ReturnType<typeof useGlossaryEdits>
  /** Offline or without the permission: shown, not changed. */
  canChange: boolean
}

const dangerClass = button({ variant: 'danger' })

export function GlossaryTermItem({ entry, languageName, edits, canChange }: Props) {
  const [editing, setEditing] = useState(false)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const { term, translation } = entry

  function closeEditor() {
    setEditing(false)
    requestAnimationFrame(() => editButton.current?.focus())
  }

  async function save(values: GlossaryValues) {
    const failure = await edits.change(entry.id, values)
    if (failure) return failure
    closeEditor()
  }

  async function confirmDelete() {
    setBusy(true)
    try {
      if (await edits.remove(entry)) setAsking(false)
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className={cardClass} data-testid="glossary-term" data-term={term}>
      {editing ? (
        <>
          <h3 className={css({ fontWeight: 'semibold', mb: '3', overflowWrap: 'anywhere' })}>{m.glossary_edit_label({ term })}</h3>
          <GlossaryForm
            initial={entry}
            label={m.glossary_edit_label({ term })}
            submitLabel={m.glossary_save()}
            busyLabel={m.glossary_save_busy()}
            disabled={!canChange}
            onSubmit={save}
            onCancel={closeEditor}
            autoFocus
          />
        </>
      ) : (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'start', justifyContent: 'space-between' })}>
          <div className={css({ display: 'grid', gap: '1', minW: '0', flex: '1 1 16rem' })}>
            <p className={css({ overflowWrap: 'anywhere', fontSize: 'lg' })}>
              <strong lang={entry.source === 'master' ? undefined : entry.source}>{term}</strong> → <span lang={entry.language}>{translation}</span>
            </p>
            {entry.note ? <p className={css({ color: 'fg.muted', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' })}>{entry.note}</p> : null}
            {entry.source !== 'master' ? (
              <p className={css({ fontSize: 'sm' })}>{m.glossary_source_language({ language: languageName(entry.source) })}</p>
            ) : null}
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{changedLine(entry)}</p>
          </div>
          {canChange ? (
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              <button
                ref={editButton}
                type="button"
                className={secondaryButtonClass}
                onClick={() => setEditing(true)}
                aria-label={m.glossary_edit_label({ term })}
              >
                {m.glossary_edit()}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setAsking(true)} aria-label={m.glossary_delete_label({ term })}>
                {m.glossary_delete()}
              </button>
            </div>
          ) : null}
        </div>
      )}
      <Dialog open={asking} title={m.glossary_delete_title({ term })} onClose={() => (busy ? undefined : setAsking(false))}>
        <p className={css({ overflowWrap: 'anywhere' })}>{m.glossary_delete_text({ term, translation, language: languageName(entry.language) })}</p>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setAsking(false)} disabled={busy}>
            {m.cancel()}
          </button>
          <button type="button" className={dangerClass} onClick={() => void confirmDelete()} disabled={busy} aria-busy={busy}>
            {busy ? m.glossary_delete_busy() : m.glossary_delete_confirm()}
          </button>
        </div>
      </Dialog>
    </li>
  )
}

function changedLine(entry: GlossaryRow): string {
  const time = formatDeviceTime(entry.updated_at)
  return entry.updated_by ? m.glossary_changed_by({ name: entry.updated_by, time }) : m.glossary_changed_at({ time })
}
