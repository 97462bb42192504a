import { useServerFn } from '@tanstack/react-start'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TextsData } from '../../../src/contract/translation'
import { nextUntranslated } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { useOnline } from '../../ui/use-online'
import { Notice, buttonClass, headingClass, secondaryButtonClass } from '../../ui/page'
import { showToast } from '../../ui/toast'
import { Spinner } from '../../ui/spinner'
import { EntryEditor } from './entry-editor'
import {
  allEntries,
  datasetId,
  entriesByKey,
  firstEntries,
  pendingOf,
  putEdit,
  resolveConflict,
  storeDataset,
  translationDb,
  type EntryRow,
  type PendingRow,
  type Scope,
} from './local-store'
import { readRawAnswer } from './raw-answer'
import { reportSaveOutcome } from './save-bar'
import { savePending } from './save-queue'
import { AccessNotice, SessionEndedNotice } from './access-notice'
import { LanguagePicker, controlClass, languageChoices, sameLanguageProblem } from './language-picker'
import { ShortcutsDialog } from './shortcuts-dialog'
import { loadTextsFn, saveTextsFn } from './translation.functions'
import type { TranslationAccess } from './translation-access'
import { ENTRY_FILTERS, type EntryFilter, type WorkspaceSearch } from './workspace-search'

// Vartext and system messages (spec section 2, "Translation screens"): language pickers,
// a title bar with counts and tags, and a virtualized list of entries edited in place. The
// data comes from IndexedDB; the server is only needed to load fresh texts and to save.

const FIRST_PAINT_ROWS = 60
const SCROLL_DELAY_MS = 100
const SCROLL_OFFSET = -160

type Props = {
  scope: Scope
  title: () => string
  search: WorkspaceSearch
  /** Whether the session may load and save (signed in with CAN_TRANSLATE), and who it is. */
  access: TranslationAccess
  /** Changes the view's search params (the URL), replacing the history entry. */
  onSearch: (change: Partial<WorkspaceSearch>) => void
}

type Load = { phase: 'idle' } | { phase: 'fetching' } | { phase: 'storing'; progress: number }

type Row = { entry: EntryRow; pending: PendingRow | undefined; value: string | null; status: 'translated' | 'untranslated' | 'unsaved' | 'conflict' }

export function TextsWorkspace({ scope, title, search, access, onSearch: setSearch }: Props) {
  const { canTranslate } = access
  const locale = useLocale()
  const loadTexts = useServerFn(loadTextsFn)
  const saveTexts = useServerFn(saveTextsFn)
  const { src, dst, filter, q } = search
  const id = datasetId(scope, src, dst)
  const online = useOnline()

  // undefined while IndexedDB is read, null when this device has no copy yet.
  const dataset = useLiveQuery(async () => (await translationDb().datasets.get(id)) ?? null, [id])
  const pendingRows = useLiveQuery(() => pendingOf(translationDb(), scope, dst), [scope, dst])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])

  // The entries of the current languages; another id means source or target changed, which
  // clears the list until the new one is read (spec section 4).
  const [loaded, setLoaded] = useState<{ id: string; entries: EntryRow[]; complete: boolean } | null>(null)
  const entries = loaded && loaded.id === id ? loaded.entries : null
  const complete = loaded !== null && loaded.id === id && loaded.complete
  const [load, setLoad] = useState<Load>({ phase: 'idle' })
  const [problem, setProblem] = useState<'login' | 'offline' | string[] | null>(null)
  const [saving, setSaving] = useState<{ done: number; total: number } | null>(null)
  const [openKey, setOpenKey] = useState<string | null>(null)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const [query, setQuery] = useState(q)
  const queryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  // Without the permission, or with one language on both sides, there is nothing to ask for:
  // the access notice or the picker says why.
  const sameLanguage = sameLanguageProblem(src, dst)
  const fetchFromServer = useCallback(async () => {
    if (!canTranslate || src === dst) return
    setProblem(null)
    setLoad({ phase: 'fetching' })
    try {
      const answer = await readRawAnswer<TextsData>(await loadTexts({ data: { scope, src, dst } }))
      if (answer.kind === 'login') setProblem('login')
      else if (answer.kind === 'refused') setProblem(answer.messages)
      else {
        setLoad({ phase: 'storing', progress: 0 })
        await storeDataset(translationDb(), scope, src, dst, answer.data, (progress) => setLoad({ phase: 'storing', progress }))
      }
    } catch {
      setProblem('offline')
    } finally {
      setLoad({ phase: 'idle' })
    }
  }, [canTranslate, loadTexts, scope, src, dst])

  // The server is asked only when this device has no copy of these languages yet.
  const tried = useRef(new Set<string>())
  useEffect(() => {
    if (dataset !== null || !online || tried.current.has(id)) return
    tried.current.add(id)
    void fetchFromServer()
  }, [dataset, online, id, fetchFromServer])

  // The first rows at once, then all of them (again after a reload from the server).
  const loadedAt = dataset ? dataset.loadedAt : null
  useEffect(() => {
    if (loadedAt === null) return
    let cancelled = false
    const db = translationDb()
    void (async () => {
      const first = await firstEntries(db, id, FIRST_PAINT_ROWS)
      performance.mark('t9n:first')
      if (cancelled) return
      setLoaded((current) => (current && current.id === id && current.complete ? current : { id, entries: first, complete: false }))
      // After the first rows are on screen, so reading 100,000 does not hold them up.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const all = await allEntries(db, id)
      if (!cancelled) setLoaded({ id, entries: all, complete: true })
    })()
    return () => {
      cancelled = true
    }
  }, [loadedAt, id])

  // A save (in this or another tab) changed some entries: read just those and patch the list.
  const lastChange = dataset?.lastChange
  useEffect(() => {
    if (!lastChange || loadedAt === null) return
    let cancelled = false
    void entriesByKey(translationDb(), id, lastChange.keys).then((changed) => {
      if (cancelled || changed.length === 0) return
      const byOrder = new Map(changed.map((entry) => [entry.order, entry]))
      setLoaded((current) => {
        if (!current || current.id !== id || !current.complete) return current
        return { ...current, entries: current.entries.map((entry) => byOrder.get(entry.order) ?? entry) }
      })
    })
    return () => {
      cancelled = true
    }
  }, [lastChange, loadedAt, id])

  function changeQuery(next: string) {
    setQuery(next)
    if (queryTimer.current) clearTimeout(queryTimer.current)
    queryTimer.current = setTimeout(() => setSearch({ q: next }), 200)
  }

  const rows = useMemo<Row[]>(() => {
    if (!entries) return []
    const needle = q.trim().toLocaleLowerCase()
    const result: Row[] = []
    for (const entry of entries) {
      const change = pending.get(entry.key)
      const value = change ? (change.value === '' ? null : change.value) : entry.target
      const status = change ? (change.state === 'conflict' ? 'conflict' : 'unsaved') : value === null ? 'untranslated' : 'translated'
      // The open entry stays in view while it is edited, whatever the filter says.
      const keep = entry.key === openKey
      if (!keep && filter === 'untranslated' && value !== null) continue
      if (!keep && filter === 'translated' && value === null) continue
      if (!keep && filter === 'unsaved' && !change) continue
      if (!keep && needle && !`${entry.key}\u0000${entry.source}\u0000${value ?? ''}`.toLocaleLowerCase().includes(needle)) continue
      result.push({ entry, pending: change, value, status })
    }
    return result
  }, [entries, pending, filter, q, openKey])

  const counts = useMemo(() => {
    if (!entries) return null
    let translated = 0
    for (const entry of entries) {
      const change = pending.get(entry.key)
      const value = change ? change.value : (entry.target ?? '')
      if (value !== '') translated += 1
    }
    return { translated, total: entries.length }
  }, [entries, pending])

  // Marks for bench/translation.ts: mount, first rows on screen, and each local save of an edit.
  useLayoutEffect(() => {
    performance.mark('t9n:mount')
  }, [id])
  const datasetKnown = dataset !== undefined
  useLayoutEffect(() => {
    if (datasetKnown) performance.mark('t9n:dataset')
  }, [datasetKnown, id])
  const hasRows = rows.length > 0
  useLayoutEffect(() => {
    if (hasRows) performance.mark('t9n:rows')
  }, [hasRows, id])

  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const hasEntries = entries !== null
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY)
    const observer = new ResizeObserver(measure)
    observer.observe(list.parentElement ?? list)
    return () => observer.disconnect()
  }, [hasEntries])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 84,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.entry.key ?? index,
  })

  const open = useCallback(
    (index: number) => {
      const row = rows[index]
      if (!row) return
      setOpenKey(row.entry.key)
      // The spec's scroll: after 100 ms, to the item with 160 px of room above it.
      setTimeout(() => {
        const [offset] = virtualizer.getOffsetForIndex(index, 'start') ?? [0]
        window.scrollTo({ top: Math.max(0, offset + SCROLL_OFFSET) })
      }, SCROLL_DELAY_MS)
    },
    [rows, virtualizer],
  )

  const openIndex = openKey === null ? -1 : rows.findIndex((row) => row.entry.key === openKey)
  const move = useCallback(
    (direction: 1 | -1) => {
      const next = nextUntranslated((index) => rows[index]!.value === null, rows.length, openIndex, direction)
      if (next === -1) showToast({ title: () => m.translation_none_left() })
      else open(next)
    },
    [rows, openIndex, open],
  )

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName))
      if (event.key === '?' && !typing) {
        event.preventDefault()
        setShortcutsOpen(true)
      } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && !typing) {
        event.preventDefault()
        move(event.key === 'ArrowDown' ? 1 : -1)
      } else if (event.key === 'Escape' && openKey !== null && !typing) {
        setOpenKey(null)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [move, openKey])

  async function save() {
    setSaving({ done: 0, total: 0 })
    try {
      const outcome = await savePending(scope, dst, (body) => saveTexts({ data: { scope, body } }), m.translation_not_saved_offline(), (done, total) => setSaving({ done, total }))
      if (outcome.stopped === 'login') setProblem('login')
      reportSaveOutcome(outcome)
    } finally {
      setSaving(null)
    }
  }

  const choices = languageChoices(dataset?.languageChoices, [src, dst])
  // A spinner only while something is on its way; without a copy and without a way to load
  // one, the notices say why the list is empty.
  const countsPending = dataset === undefined || load.phase !== 'idle' || (dataset !== null && entries === null)
  const nameOf = (code: string) => choices.find(([value]) => value === code)?.[1] ?? code
  const unsaved = pendingRows?.length ?? 0
  const conflicts = (pendingRows ?? []).filter((row) => row.state === 'conflict').length

  return (
    <div className={css({ display: 'grid', gap: '4', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })}>
      <header className={css({ display: 'grid', gap: '2' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })}>
          <h1 className={headingClass}>{title()}</h1>
          <p data-testid="translation-counts" aria-live="polite" className={css({ color: 'fg.muted' })}>
            {counts ? m.translation_counts({ translated: counts.translated, total: counts.total }) : countsPending ? <Spinner label={m.translation_loading()} /> : null}
          </p>
        </div>
        {dataset && dataset.tags.length > 0 ? (
          <ul aria-label={m.translation_tags()} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
            {dataset.tags.map((tag) => (
              <li key={tag} className={css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'full', bg: 'oak.100' })}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </header>

      <AccessNotice access={access} />

      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(3, minmax(0, 1fr)) minmax(0, 2fr)' }, alignItems: 'end' })}>
        <LanguagePicker label={m.translation_source()} value={src} choices={choices} onChange={(code) => setSearch({ src: code })} />
        <LanguagePicker label={m.translation_target()} value={dst} choices={choices.filter(([code]) => code !== 'master')} onChange={(code) => setSearch({ dst: code })} problem={sameLanguage} />
        <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
          {m.translation_filter()}
          <select value={filter} onChange={(event) => setSearch({ filter: event.target.value as EntryFilter })} className={controlClass}>
            {ENTRY_FILTERS.map((value) => <option key={value} value={value}>{filterLabel(value)}</option>)}
          </select>
        </label>
        <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
          {m.translation_search()}
          <input type="search" value={query} onChange={(event) => changeQuery(event.target.value)} placeholder={m.translation_search_placeholder()} className={controlClass} />
        </label>
      </div>

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="translation-status">
          {m.translation_unsaved({ count: unsaved })}
          {dataset ? ` · ${m.translation_loaded_at({ time: new Date(dataset.loadedAt).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }) })}` : ''}
          {!online ? ` · ${m.translation_offline_short()}` : ''}
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {canTranslate ? (
            <button type="button" className={buttonClass} disabled={unsaved - conflicts === 0 || saving !== null || !online} onClick={() => void save()}>
              {saving ? m.translation_saving({ done: saving.done, total: saving.total }) : m.translation_save({ count: unsaved - conflicts })}
            </button>
          ) : null}
          <button type="button" className={secondaryButtonClass} disabled={load.phase !== 'idle' || !online || !canTranslate || sameLanguage !== null} onClick={() => void fetchFromServer()}>
            {m.translation_reload()}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">{m.translation_shortcuts()}</button>
        </div>
      </div>

      {problem === 'login' ? <SessionEndedNotice access={access} /> : null}
      {(problem === 'offline' || !online) && dataset === null ? <Notice tone="warning" role="alert">{m.translation_no_local_copy()}</Notice> : null}
      {Array.isArray(problem) ? <Notice tone="danger" role="alert">{problem.join('\n')}</Notice> : null}
      {conflicts > 0 ? (
        <Notice tone="warning" role="alert">
          {m.translation_conflicts_notice({ count: conflicts })}{' '}
          <button type="button" onClick={() => setSearch({ filter: 'unsaved' })} className={css({ textDecoration: 'underline', bg: 'transparent', border: 'none', p: '0', font: 'inherit', color: 'inherit', cursor: 'pointer' })}>{m.translation_show_unsaved()}</button>
        </Notice>
      ) : null}

      {load.phase !== 'idle' ? (
        <div className={css({ display: 'grid', gap: '1' })}>
          <span id="load-label">{load.phase === 'fetching' ? m.translation_fetching() : m.translation_storing()}</span>
          <progress aria-labelledby="load-label" max={1} value={load.phase === 'storing' ? load.progress : undefined} className={css({ w: 'full' })} />
        </div>
      ) : null}

      {entries !== null && rows.length === 0 ? (
        <p role="status" className={css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })}>
          {entries.length === 0 ? m.translation_empty() : m.translation_no_match()}
        </p>
      ) : null}
      {entries === null && dataset ? <Spinner label={m.translation_loading()} /> : null}

      <div ref={listRef} role="list" aria-label={title()} data-complete={complete ? 'true' : 'false'} className={css({ position: 'relative', w: 'full' })} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          const isOpen = row.entry.key === openKey
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              data-key={row.entry.key}
              data-status={row.status}
              ref={virtualizer.measureElement}
              className={rowSlotClass}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <div className={cx(rowClass, isOpen ? css({ borderColor: 'accent', boxShadow: '0 0 0 2px token(colors.focus)' }) : undefined)}>
              <button type="button" className={rowButtonClass} aria-expanded={isOpen} onClick={() => (isOpen ? setOpenKey(null) : open(item.index))}>
                <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <StatusBadge status={row.status} />
                  <span className={css({ fontSize: 'xs', color: 'fg.muted', fontFamily: 'mono', overflowWrap: 'anywhere' })}>{row.entry.key}</span>
                </span>
                {isOpen ? null : (
                  <>
                    <span className={css({ overflowWrap: 'anywhere' })}>{row.entry.source}</span>
                    <span className={css({ overflowWrap: 'anywhere', color: row.value === null ? 'fg.muted' : 'fg', fontStyle: row.value === null ? 'italic' : 'normal' })}>
                      {row.value ?? m.translation_untranslated_placeholder()}
                    </span>
                  </>
                )}
                {row.entry.desc ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{row.entry.desc}</span> : null}
                {row.pending?.reason ? <span className={css({ fontSize: 'sm', color: 'danger.700' })}>{row.pending.reason}</span> : null}
              </button>
              {isOpen ? (
                <EntryEditor
                  entry={row.entry}
                  pending={row.pending}
                  sourceName={nameOf(src)}
                  targetName={nameOf(dst)}
                  onEdit={async (value) => {
                    const start = performance.now()
                    await putEdit(translationDb(), scope, dst, row.entry, value)
                    performance.measure('t9n:persisted', { start })
                  }}
                  onPrev={() => move(-1)}
                  onNext={() => move(1)}
                  onDoneNext={() => move(1)}
                  onClose={() => setOpenKey(null)}
                  onResolve={(choice) => void resolveConflict(translationDb(), row.pending!, choice)}
                />
              ) : null}
              </div>
            </div>
          )
        })}
      </div>
      {!complete && entries !== null ? <Spinner label={m.translation_loading()} /> : null}
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  )
}

const rowSlotClass = css({ position: 'absolute', top: 0, left: 0, w: 'full', pb: '2' })
const rowClass = css({ p: '3', border: '1px solid', borderColor: 'border', borderRadius: 'card', bg: 'bg' })
const rowButtonClass = css({
  display: 'grid', gap: '1', w: 'full', textAlign: 'left', bg: 'transparent', border: 'none', p: '0', cursor: 'pointer', font: 'inherit', color: 'inherit',
})

function filterLabel(filter: EntryFilter): string {
  if (filter === 'untranslated') return m.translation_filter_untranslated()
  if (filter === 'translated') return m.translation_filter_translated()
  if (filter === 'unsaved') return m.translation_filter_unsaved()
  return m.translation_filter_all()
}

const badgeTone = {
  translated: css({ bg: 'success.50', color: 'success.600' }),
  untranslated: css({ bg: 'oak.100', color: 'fg' }),
  unsaved: css({ bg: 'warning.100', color: 'warning.700' }),
  conflict: css({ bg: 'danger.50', color: 'danger.700' }),
}

function StatusBadge({ status }: { status: Row['status'] }) {
  const label =
    status === 'translated' ? m.translation_status_translated()
    : status === 'untranslated' ? m.translation_status_untranslated()
    : status === 'unsaved' ? m.translation_status_unsaved()
    : m.translation_status_conflict()
  return <span className={cx(css({ fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full' }), badgeTone[status])}>{label}</span>
}

