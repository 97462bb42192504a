import { useServerFn } from '@tanstack/react-start'
import { diffWordsWithSpace } from 'diff'
import { useEffect, useState } from 'react'
import type { HistoryData, HistoryEntry } from '../../../src/contract/translation-history'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { formatDeviceTime } from '../../ui/format'
import { secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { useOnline } from '../../ui/use-online'
import { loadHistoryFn } from './history.functions'
import { sourceAt } from './history-source'
import type { EditScope } from './local-keys'
import { DESK_KEYS } from './desk-keys'
import { KeyButton } from './key-hint'

// The history of a text (docs/decisions/038-translation-history-and-glossary.md): every saved
// change with who, when and a diff, newest first; one click puts an older text back as an unsaved
// edit. And, for an outdated translation, the change of its source since the translation was made.
// Both come from the server (GET /vue/i18n/history/), so they show online.

type HistoryState =
  { phase: 'loading' } | { phase: 'ok'; data: HistoryData } | { phase: 'offline' } | { phase: 'login' } | { phase: 'refused'; messages: string[] }

/** The history of `key` in `language` while `enabled`; null while not asked. */
export function useHistory(kind: EditScope, key: string, language: string, enabled: boolean): HistoryState | null {
  const load = useServerFn(loadHistoryFn)
  const online = useOnline()
  const [state, setState] = useState<{ for: string; state: HistoryState } | null>(null)
  const asked = `${kind}\u0000${key}\u0000${language}`
  useEffect(() => {
    if (!enabled || !online) return
    let closed = false
    load({ data: { kind, key, language } }).then(
      (answer) => {
        if (closed) return
        const next: HistoryState =
          answer.kind === 'ok'
            ? { phase: 'ok', data: answer.data }
            : answer.kind === 'login'
              ? { phase: 'login' }
              : { phase: 'refused', messages: answer.messages }
        setState({ for: asked, state: next })
      },
      () => {
        if (!closed) setState({ for: asked, state: { phase: 'offline' } })
      },
    )
    return () => {
      closed = true
    }
  }, [asked, enabled, online, load, kind, key, language])
  if (!enabled) return null
  if (state?.for === asked) return state.state
  return online ? { phase: 'loading' } : { phase: 'offline' }
}

/** A word diff of two texts: struck what only `before` has, underlined what only `after` has. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <span className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
      {diffWordsWithSpace(before, after).map((part, index) =>
        part.removed ? (
          <del key={index} className={css({ color: 'danger.700', bg: 'danger.50', px: '0.5' })}>
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={index} className={css({ color: 'success.600', bg: 'success.50', textDecoration: 'underline', px: '0.5' })}>
            {part.value}
          </ins>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </span>
  )
}

function StateNotice({ state }: { state: HistoryState }) {
  if (state.phase === 'loading') return <Spinner label={m.history_loading()} />
  if (state.phase === 'offline') return <p className={mutedClass}>{m.history_offline()}</p>
  if (state.phase === 'login') return <p className={mutedClass}>{m.history_login()}</p>
  if (state.phase === 'refused') return <p className={css({ fontSize: 'sm', color: 'danger.700' })}>{state.messages.join(' ')}</p>
  return null
}

/** "Show history": the saved changes of the translation, each with a way to take its text back. */
/** `pointerOnly`: left out of the Tab order (the catalogue and article fields, where Tab goes from one text to the next). */
export function HistoryPanel({
  kind,
  textKey,
  dst,
  current,
  onRestore,
  pointerOnly = false,
}: {
  kind: EditScope
  textKey: string
  dst: string
  current: string
  onRestore: (value: string) => void
  pointerOnly?: boolean
}) {
  const [open, setOpen] = useState(false)
  const state = useHistory(kind, textKey, dst, open)
  return (
    <section className={css({ display: 'grid', gap: '1.5' })} data-testid="history-panel">
      <button type="button" className={linkClass} aria-expanded={open} onClick={() => setOpen(!open)} tabIndex={pointerOnly ? -1 : undefined}>
        {open ? m.history_hide() : m.history_show()}
      </button>
      {state === null ? null : state.phase !== 'ok' ? (
        <StateNotice state={state} />
      ) : state.data.entries.length === 0 ? (
        <p className={mutedClass}>{m.history_empty()}</p>
      ) : (
        <ol aria-label={m.history_title()} className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
          {state.data.entries.map((entry, index) => (
            <HistoryItem key={index} entry={entry} current={current} onRestore={onRestore} pointerOnly={pointerOnly} />
          ))}
          {state.data.more ? <li className={mutedClass}>{m.history_more()}</li> : null}
        </ol>
      )}
    </section>
  )
}

function HistoryItem({
  entry,
  current,
  onRestore,
  pointerOnly,
}: {
  entry: HistoryEntry
  current: string
  onRestore: (value: string) => void
  pointerOnly: boolean
}) {
  const when = formatDeviceTime(entry.at)
  const what =
    entry.before === null ? m.history_created() : entry.after === null ? m.history_removed() : entry.before === entry.after ? m.history_confirmed() : null
  return (
    <li className={css({ display: 'grid', gap: '1', p: '2', border: '1px solid', borderColor: 'border', borderRadius: 'control', fontSize: 'sm' })}>
      <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
        {m.history_by({ name: entry.by?.name ?? m.history_unknown_user(), when })}
        {what ? ` · ${what}` : ''}
      </span>
      <TextDiff before={entry.before ?? ''} after={entry.after ?? ''} />
      {entry.after !== null && entry.after !== current ? (
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={m.history_restore_label({ when })}
          onClick={() => onRestore(entry.after!)}
          tabIndex={pointerOnly ? -1 : undefined}
        >
          {m.history_restore()}
        </button>
      ) : null}
    </li>
  )
}

/** An outdated translation's notice: the source's change since, and "Confirm translation". */
export function OutdatedNotice({
  kind,
  textKey,
  source,
  targetRevision,
  onConfirm,
}: {
  kind: EditScope
  textKey: string
  source: string
  targetRevision: number
  onConfirm: () => void
}) {
  const state = useHistory(kind, textKey, 'master', true)
  const before = state?.phase === 'ok' ? sourceAt(state.data.entries, targetRevision) : null
  return (
    <div
      role="note"
      data-testid="outdated-notice"
      className={css({
        display: 'grid',
        gap: '1.5',
        p: '3',
        borderRadius: 'control',
        bg: 'warning.100',
        color: 'fg',
        border: '1px solid',
        borderColor: 'warning.400',
      })}
    >
      <p>{m.translation_outdated_notice()}</p>
      {before !== null ? (
        <p className={css({ fontSize: 'sm' })}>
          {m.translation_outdated_change()} <TextDiff before={before} after={source} />
        </p>
      ) : state?.phase === 'loading' ? (
        <Spinner label={m.history_loading()} />
      ) : state?.phase === 'offline' ? (
        <p className={mutedClass}>{m.translation_outdated_change_offline()}</p>
      ) : null}
      <div>
        <KeyButton keys={DESK_KEYS.confirm} className={secondaryButtonClass} onClick={onConfirm}>
          {m.translation_outdated_confirm()}
        </KeyButton>
      </div>
    </div>
  )
}

const mutedClass = css({ fontSize: 'sm', color: 'fg.muted' })
const linkClass = css({
  justifySelf: 'start',
  bg: 'transparent',
  border: 'none',
  p: '0',
  font: 'inherit',
  fontSize: 'sm',
  color: 'accent',
  textDecoration: 'underline',
  cursor: 'pointer',
})
