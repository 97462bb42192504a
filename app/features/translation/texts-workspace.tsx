import { useCallback, useId, useLayoutEffect, useMemo, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Notice, headingClass, secondaryButtonClass } from '../../ui/page'
import { linkButtonClass } from './link-button'
import { Spinner } from '../../ui/spinner'
import { AccessNotice } from './access-notice-lazy'
import { languageChoices, sameLanguageProblem } from './language-picker'
import type { Scope } from './local-store'
import { SaveBar } from './save-bar'
import { ShortcutsDialog } from './desk-lazy'
import { TextsFilters, filterLabel } from './texts-filters'
import { FoldToggle, foldableClass } from '../../ui/phone-fold'
import { TextsList } from './texts-list'
import { translatedCount, visibleRows } from './texts-rows'
import type { TranslationAccess } from './translation-access'
import { useTextsDataset } from './use-texts-dataset'
import { useStoreSilence } from './store-silence'
import { lengthLimits, useIssueKeys } from './issue-keys'
import { usePendingOwner } from './pending-owner'
import { FillFromMemory } from './memory-fill'
import { ConcordanceButton } from './concordance'
import type { WorkspaceSearch } from './workspace-search'
import { reloadGlossary, useGlossary } from './glossary-editor'
import { DESK_KEYS } from './desk-keys'
import { KeyButton } from './key-hint'
import { useLiveDesk } from './use-live-desk'
import { ReviewCounts, useReviews } from './review-desk'
import { ReviewDeskProvider } from './review-desk-context'
import { ApproveView, usePreloadReview } from './review-lazy'

// Vartext and system messages: language pickers,
// a title bar with counts and tags, and a virtualized list of entries edited in place. The
// data comes from IndexedDB; the server is only needed to load fresh texts and to save.

type Props = {
  scope: Scope
  title: () => string
  search: WorkspaceSearch
  /** Whether the session may load and save (signed in with CAN_TRANSLATE), and who it is. */
  access: TranslationAccess
  /** Changes the view's search params (the URL), replacing the history entry. */
  onSearch: (change: Partial<WorkspaceSearch>) => void
}

export function TextsWorkspace({ scope, title, search, access, onSearch: setSearch }: Props) {
  const { src, dst, filter, q } = search
  const owner = usePendingOwner(access)
  const texts = useTextsDataset({ scope, src, dst, canTranslate: access.canTranslate, owner })
  const { id, dataset, entries, pending, load, problem, online } = texts
  // The text the translator is at: open, or closed with Esc and kept in the view it was closed in
  // (so Esc leaves its row where it was, and the next move starts from there).
  const [cursor, setCursor] = useState<{ key: string; open: boolean; filter: string; q: string } | null>(null)
  const openKey = cursor?.open ? cursor.key : null
  const atKey = cursor && (cursor.open || (cursor.filter === filter && cursor.q === q)) ? cursor.key : null
  const setOpenKey = useCallback(
    (key: string | null) => setCursor((current) => (key !== null ? { key, open: true, filter, q } : current ? { ...current, open: false, filter, q } : null)),
    [filter, q],
  )
  // Claims on the open text and the saves of others as they happen (docs/decisions/049).
  useLiveDesk({ scope, dst, openKey, online, access, owner })
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  // On a phone the pickers, filters and the bar's other actions fold into one bar (closed first).
  const [controlsOpen, setControlsOpen] = useState(false)
  const controlsId = useId()
  const openShortcuts = useCallback(() => setShortcutsOpen(true), [])

  // The glossary of the pair: loaded on open and with "Load from server".
  const glossary = useGlossary(dst, src)
  // The quality checks' answer for the whole list: the "with issues" filter and count.
  const issueKeys = useIssueKeys(texts.complete ? entries : null, pending, { now: filter === 'issues', languages: { source: src, target: dst }, glossary })
  // The texts with a length limit (a `max-length:N` tag), for the save's summary.
  const limits = useMemo(() => lengthLimits(entries ?? []), [entries])
  // Review states, comments and what waits to be sent of them (docs/decisions/049).
  const reviews = useReviews(access, owner, scope, dst, online)
  usePreloadReview()
  const rows = useMemo(
    () => (entries ? visibleRows(entries, pending, { filter, q, openKey: atKey, issueKeys, reviews: reviews.overlays }) : []),
    [entries, pending, filter, q, atKey, issueKeys, reviews.overlays],
  )
  const counts = useMemo(() => (entries ? translatedCount(entries, pending) : null), [entries, pending])

  // Marks for bench/translation.ts: mount, dataset known, first rows on screen.
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

  const sameLanguage = sameLanguageProblem(src, dst)
  const choices = languageChoices(dataset?.languageChoices, [src, dst])
  const nameOf = (code: string) => choices.find(([value]) => value === code)?.[1] ?? code
  // A spinner only while something is on its way; without a copy and without a way to load
  // one, the notices say why the list is empty.
  const countsPending = dataset === undefined || load.phase !== 'idle' || (dataset !== null && entries === null)
  // The device's copy asked for and not answered: said after a while (store-silence.ts).
  const storeSilent = useStoreSilence(dataset === undefined || (dataset !== null && entries === null))

  return (
    <div
      data-fold={controlsOpen ? 'open' : 'closed'}
      className={css({
        display: 'grid',
        gap: { base: '3', md: '4' },
        w: 'full',
        maxW: '1100px',
        mx: 'auto',
        px: { base: '3', md: '8' },
        py: { base: '4', md: '6' },
        minW: '0',
      })}
    >
      <header className={css({ display: 'grid', gap: '2' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })}>
          <h1 className={headingClass}>{title()}</h1>
          <p data-testid="translation-counts" aria-live="polite" className={css({ color: 'fg.muted' })}>
            {counts ? (
              m.translation_counts({ translated: counts.translated, total: counts.total })
            ) : countsPending ? (
              <Spinner label={m.translation_loading()} />
            ) : null}
          </p>
          {counts && issueKeys ? (
            <p data-testid="translation-issue-count" className={css({ color: 'fg.muted' })}>
              {issueKeys.size > 0 && filter !== 'issues' ? (
                <button type="button" className={linkButtonClass} onClick={() => setSearch({ filter: 'issues' })}>
                  {m.translation_issue_count({ count: issueKeys.size })}
                </button>
              ) : (
                m.translation_issue_count({ count: issueKeys.size })
              )}
            </p>
          ) : null}
          {entries && texts.complete ? (
            <ReviewCounts entries={entries} overlays={reviews.overlays} filter={filter} onFilter={(next) => setSearch({ filter: next })} />
          ) : null}
        </div>
        {dataset && dataset.tags.length > 0 ? (
          <div className={foldableClass}>
            <ul aria-label={m.translation_tags()} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
              {dataset.tags.map((tag) => (
                <li key={tag} className={css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'full', bg: 'oak.100' })}>
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </header>

      <AccessNotice access={access} />
      <div id={controlsId} className={foldableClass}>
        <TextsFilters search={search} choices={choices} sameLanguage={sameLanguage} onSearch={setSearch} />
      </div>

      <SaveBar
        work={{ scope, dst, pending: texts.pendingRows ?? [], access, online, limits }}
        load={{
          canReload: sameLanguage === null,
          loading: load.phase === 'fetching',
          storing: load.phase === 'storing' ? load.progress : null,
          problem,
          onReload: () => void Promise.all([texts.fetchFromServer(), reloadGlossary(dst)]),
          loadedAt: dataset ? dataset.loadedAt : null,
        }}
        onShowUnsaved={() => setSearch({ filter: 'unsaved' })}
        onShowIssues={() => setSearch({ filter: 'issues' })}
        foldToggle={
          <FoldToggle
            open={controlsOpen}
            onToggle={() => setControlsOpen((open) => !open)}
            controls={controlsId}
            summary={[`${nameOf(src)} → ${nameOf(dst)}`, filterLabel(filter), q ? m.fold_search_summary({ q }) : null]
              .filter((part) => part !== null)
              .join(' · ')}
          />
        }
      >
        <FillFromMemory scope={scope} src={src} dst={dst} owner={owner} entries={texts.complete ? entries : null} pending={pending} />
        <ConcordanceButton owner={owner} src={src} dst={dst} sourceName={nameOf(src)} targetName={nameOf(dst)} />
        <KeyButton keys={DESK_KEYS.help} className={secondaryButtonClass} onClick={openShortcuts}>
          {m.translation_shortcuts()}
        </KeyButton>
      </SaveBar>
      {(problem === 'offline' || !online) && dataset === null ? (
        <Notice tone="warning" role="alert">
          {m.translation_no_local_copy()}
        </Notice>
      ) : null}
      {storeSilent ? (
        <Notice tone="warning" role="alert">
          {m.translation_store_silent()}
        </Notice>
      ) : null}

      {filter === 'issues' && entries !== null && issueKeys === null ? <Spinner label={m.translation_checking()} /> : null}
      {entries !== null && rows.length === 0 && !(filter === 'issues' && issueKeys === null) ? (
        <p role="status" className={css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })}>
          {entries.length === 0 ? m.translation_empty() : m.translation_no_match()}
        </p>
      ) : null}
      {entries === null && dataset ? <Spinner label={m.translation_loading()} /> : null}

      <ReviewDeskProvider value={reviews.desk}>
        {access.canReview && (filter !== 'all' || q !== '') ? <ApproveView rows={rows} /> : null}
        <TextsList
          rows={rows}
          label={title()}
          complete={texts.complete && !(filter === 'issues' && issueKeys === null)}
          openKey={openKey}
          atKey={atKey}
          onOpenKey={setOpenKey}
          everyRow={filter !== 'all'}
          scope={scope}
          src={src}
          dst={dst}
          sourceName={nameOf(src)}
          targetName={nameOf(dst)}
          onShortcuts={openShortcuts}
          compact={search.view === 'compact'}
        />
      </ReviewDeskProvider>
      {!texts.complete && entries !== null ? <Spinner label={m.translation_loading()} /> : null}
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  )
}
