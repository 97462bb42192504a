import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { ConflictPanel, SaveMergedButton } from './desk-lazy'
import type { EntryRow, PendingRow } from './local-store'
import { useKeptEdit, type KeptEditTarget } from './use-kept-edit'
import { IssuesSlot } from './issues-slot'
import { translationTextareaClass } from './textarea-class'
import { useMemoryMatches } from './memory-client'
import { MemoryPanel } from './memory-panel'
import { HistoryPanel, OutdatedNotice } from './history-lazy'
import { isOutdated } from './local-keys'
import { maxLengthOf } from '../../../src/domain/text-flags'
import type { MemoryTextKind } from '../../../src/domain/translation-memory'
import { GlossaryHints, SourceText, useGlossary, useSourceTerms } from './glossary-editor'
import { hasInlineCodes } from '../../../src/domain/inline-codes'
import { DESK_KEYS, isDeskKey } from './desk-keys'
import { insertTag, sharedEditorKey } from './editor-keys'
import { KeyButton } from './key-hint'
import { useFollowServerValue } from './follow-server-value'

// The editor of one entry, opened inside its row; what is typed is kept as useKeptEdit says.
// Its keys and the hints beside its buttons: decision 048.

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
  memory: { owner: string | null; src: string; dst: string; kind: MemoryTextKind }
  /** "Confirm translation" of an outdated text (its value, saved to mark it current). */
  onConfirm: () => Promise<void>
}

export function EntryEditor({ entry, pending, sourceName, targetName, keptAs, onPrev, onNext, onDoneNext, onClose, onResolve, memory, onConfirm }: Props) {
  useLocale()
  const [value, setValue] = useState(pending?.value ?? entry.target ?? '')
  useFollowServerValue(entry, pending, value, setValue)
  const kept = useKeptEdit(keptAs)
  const flush = kept.flush
  const matches = useMemoryMatches(memory.owner, {
    src: memory.src,
    dst: memory.dst,
    source: entry.source,
    exclude: { kind: memory.kind, key: entry.key },
  })

  // The glossary's terms in the source, marked and listed, and used by the checks.
  const glossary = useGlossary(memory.dst, memory.src)
  const terms = useSourceTerms(entry.source, glossary)

  function change(next: string) {
    setValue(next)
    kept.change(next)
  }

  // The focus goes to the text without a jump of the page: the list scrolls the row into place.
  const textarea = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    textarea.current?.focus({ preventScroll: true })
  }, [])

  const outdated = !pending && isOutdated(entry)
  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (sharedEditorKey(event, { matches, source: entry.source, change, flush })) return
    if (isDeskKey(event, DESK_KEYS.doneNext)) {
      event.preventDefault()
      void flush().then(onDoneNext)
    } else if (isDeskKey(event, DESK_KEYS.confirm)) {
      // An outdated text is confirmed as it is; any other is kept as with Ctrl+Enter.
      event.preventDefault()
      void (outdated ? onConfirm() : flush()).then(onDoneNext)
    } else if (isDeskKey(event, DESK_KEYS.close)) {
      event.preventDefault()
      void flush().then(onClose)
    } else if (isDeskKey(event, DESK_KEYS.next) || isDeskKey(event, DESK_KEYS.prev)) {
      event.preventDefault()
      event.stopPropagation()
      void flush().then(isDeskKey(event, DESK_KEYS.next) ? onNext : onPrev)
    }
  }

  const inputId = `editor-${entry.order}`
  const conflict = pending?.state === 'conflict' ? pending.theirs : null

  return (
    <div className={css({ display: 'grid', gap: '3', pt: '2' })}>
      {conflict && pending ? <ConflictPanel pending={pending} theirs={conflict} onResolve={onResolve} /> : null}
      {outdated ? (
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
        ref={textarea}
        id={inputId}
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
      {conflict && pending ? <SaveMergedButton pending={pending} value={value} flush={flush} /> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <KeyButton keys={DESK_KEYS.prev} className={secondaryButtonClass} onClick={() => void flush().then(onPrev)}>
          {m.translation_prev()}
        </KeyButton>
        <KeyButton keys={DESK_KEYS.next} className={secondaryButtonClass} onClick={() => void flush().then(onNext)}>
          {m.translation_next()}
        </KeyButton>
        <KeyButton keys={DESK_KEYS.doneNext} className={buttonClass} onClick={() => void flush().then(onDoneNext)}>
          {m.translation_done_next()}
        </KeyButton>
        <KeyButton keys={DESK_KEYS.copySource} className={secondaryButtonClass} onClick={() => change(entry.source)}>
          {m.translation_copy_source()}
        </KeyButton>
        {hasInlineCodes(entry.source) ? (
          <KeyButton
            keys={DESK_KEYS.insertTag}
            className={secondaryButtonClass}
            onClick={() => textarea.current && insertTag(textarea.current, entry.source, change)}
          >
            {m.translation_insert_tag()}
          </KeyButton>
        ) : null}
        <KeyButton keys={DESK_KEYS.close} className={secondaryButtonClass} onClick={() => void flush().then(onClose)}>
          {m.translation_close_editor()}
        </KeyButton>
      </div>
    </div>
  )
}
