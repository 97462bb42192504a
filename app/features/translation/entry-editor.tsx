import { useState, type KeyboardEvent } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { ConflictPanel } from './conflict-panel'
import type { EntryRow, PendingRow } from './local-store'
import { useKeptEdit, type KeptEditTarget } from './use-kept-edit'
import { IssuesSlot } from './issues-slot'
import { translationTextareaClass } from './textarea-class'
import { useMemoryMatches } from './memory-client'
import { MemoryPanel, sharedEditorKey } from './memory-panel'
import { HistoryPanel, OutdatedNotice } from './history-lazy'
import { isOutdated } from './local-keys'
import { maxLengthOf } from '../../../src/domain/text-flags'
import type { MemoryOrigin } from '../../../src/domain/translation-memory'
import { GlossaryHints, SourceText, useGlossary, useSourceTerms } from './glossary-editor'

// The editor of one entry, opened inside its row; what is typed is kept as useKeptEdit says.

type Props = {
  entry: EntryRow
  pending: PendingRow | undefined
  sourceName: string
  targetName: string
  /** Which text the editor changes, for the store and its journal. */
  keptAs: () => KeptEditTarget
  onPrev: () => void
  onNext: () => void
  onDoneNext: () => void
  onClose: () => void
  onResolve: (choice: { kind: 'theirs' } | { kind: 'text'; value: string }) => void
  /** Where the translation memory looks: the language pair, the kind of text, whose unsaved edits count. */
  memory: { owner: string | null; src: string; dst: string; kind: MemoryOrigin['kind'] }
  /** "Confirm translation" of an outdated text (its value, saved to mark it current). */
  onConfirm: () => void
}

export function EntryEditor({ entry, pending, sourceName, targetName, keptAs, onPrev, onNext, onDoneNext, onClose, onResolve, memory, onConfirm }: Props) {
  useLocale()
  const [value, setValue] = useState(pending?.value ?? entry.target ?? '')
  const kept = useKeptEdit(keptAs)
  const flush = kept.flush
  const matches = useMemoryMatches(memory.owner, {
    src: memory.src,
    dst: memory.dst,
    source: entry.source,
    exclude: { kind: memory.kind, key: entry.key },
  })

  // The glossary's terms in the source, marked and listed, and used by the checks (issue 29 point 5).
  const glossary = useGlossary(memory.dst, memory.src)
  const terms = useSourceTerms(entry.source, glossary)

  function change(next: string) {
    setValue(next)
    kept.change(next)
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (sharedEditorKey(event, matches, entry.source, change)) return
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      void flush().then(onDoneNext)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      void flush().then(onClose)
    } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      event.stopPropagation()
      void flush().then(event.key === 'ArrowDown' ? onNext : onPrev)
    }
  }

  const inputId = `editor-${entry.order}`
  const conflict = pending?.state === 'conflict' ? pending.theirs : null

  return (
    <div className={css({ display: 'grid', gap: '3', pt: '2' })}>
      {conflict && pending ? <ConflictPanel pending={pending} theirs={conflict} onResolve={onResolve} /> : null}
      {!pending && isOutdated(entry) ? (
        <OutdatedNotice kind={memory.kind} textKey={entry.key} source={entry.source} targetRevision={entry.targetRevision ?? 0} onConfirm={onConfirm} />
      ) : null}
      <div className={css({ display: 'grid', gap: '1' })}>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{sourceName}</span>
        <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
          <SourceText text={entry.source} terms={terms} />
        </p>
        <GlossaryHints id={`${inputId}-glossary`} terms={terms} />
      </div>
      <label htmlFor={inputId} className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        {m.translation_editor_label({ language: targetName })}
      </label>
      <textarea
        id={inputId}
        autoFocus
        rows={3}
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        onBlur={() => void flush()}
        aria-describedby={terms.found.length > 0 ? `${inputId}-problems ${inputId}-glossary` : `${inputId}-problems`}
        className={translationTextareaClass}
      />
      <IssuesSlot
        id={`${inputId}-problems`}
        source={entry.source}
        value={value}
        languages={{ source: memory.src, target: memory.dst }}
        glossary={glossary}
        maxLength={maxLengthOf(entry.tags)}
      />
      <MemoryPanel owner={memory.owner} matches={matches} onTake={change} />
      <HistoryPanel kind={memory.kind} textKey={entry.key} dst={memory.dst} current={value} onRestore={change} />
      {conflict ? (
        <button type="button" className={buttonClass} onClick={() => void flush().then(() => onResolve({ kind: 'text', value }))}>
          {m.translation_conflict_save_merged()}
        </button>
      ) : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <button type="button" className={secondaryButtonClass} onClick={() => void flush().then(onPrev)} aria-keyshortcuts="Alt+ArrowUp">
          {m.translation_prev()}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => void flush().then(onNext)} aria-keyshortcuts="Alt+ArrowDown">
          {m.translation_next()}
        </button>
        <button type="button" className={buttonClass} onClick={() => void flush().then(onDoneNext)} aria-keyshortcuts="Control+Enter">
          {m.translation_done_next()}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => change(entry.source)} aria-keyshortcuts="Control+Insert">
          {m.translation_copy_source()}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => void flush().then(onClose)} aria-keyshortcuts="Escape">
          {m.translation_close_editor()}
        </button>
      </div>
    </div>
  )
}
