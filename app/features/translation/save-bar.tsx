import { useServerFn } from '@tanstack/react-start'
import { Suspense, lazy, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { formatDeviceTime } from '../../ui/format'
import { foldableClass } from '../../ui/phone-fold'
import { Notice, buttonClass, secondaryButtonClass } from '../../ui/page'
import { Modal } from '../../ui/modal'
import { recheckOnline } from '../../ui/use-online'
import { SessionEndedNotice } from './access-notice-lazy'
import { QueueFileActions } from './queue-file-actions'
import { loadChecks } from './issues-slot'
import { useDeviceKeeping, useSaveWhenOnline } from './device-keeping'
import { usePendingOwner } from './pending-owner'
import type { EditScope, PendingRow } from './local-keys'
import type { SaveOptions } from './save-queue'
import { reportSaveOutcome } from './save-outcome'
import { ConflictsNotice, HeldBackNotice } from './save-notices'
import { loadStore } from './store'
import type { TranslationAccess } from './translation-access'
import { saveTextsFn } from './translation.functions'
import { XliffActions, useSourceFromSearch, type XliffSubject } from './xliff-actions'
import { useSaveKey } from './save-key'
import { DESK_KEYS } from './desk-keys'
import { KeyButton } from './key-hint'
// Its types only (erased): the checks load on first use.
import type { SaveSummaryView, SummaryItem } from './translation-issues'

// The TMX actions are not in a screen's first load (the article page's budget, decision 035):
// fetched as the save bar shows them, precached for offline use like every script (decision 049).
const TmxActions = lazy(() => import('./tmx-actions').then((module) => ({ default: module.TmxActions })))

/** The summary before a save: the edits with issues, and its view (loaded with the checks). */
type Summary = { items: SummaryItem[]; View: ComponentType<Parameters<typeof SaveSummaryView>[0]> }

// The translation screens' bar: unsaved count, Save, load from server, and the notices for
// offline, missing session and refusals (conflicts and held-back texts: save-notices.tsx).
export function SaveBar({
  scope,
  dst,
  pending,
  access,
  canReload,
  online,
  loading,
  problem,
  onReload,
  loadedAt = null,
  storing = null,
  onShowUnsaved,
  onShowIssues,
  xliff,
  limits,
  children,
  foldToggle,
}: {
  scope: EditScope
  dst: string
  pending: ReadonlyArray<PendingRow>
  access: TranslationAccess
  /** Whether loading from the server makes sense here (not with the same language twice). */
  canReload: boolean
  online: boolean
  loading: boolean
  problem: 'login' | 'offline' | string[] | null
  onReload: () => void
  /** When the texts on the device were loaded from the server (the workspace shows it). */
  loadedAt?: number | null
  /** Storing a fresh answer on the device, 0…1 (the workspace's long lists take a moment). */
  storing?: number | null
  /** Filters the list down to the unsaved texts, offered with the conflicts notice. */
  onShowUnsaved?: () => void
  /** Filters the list down to the texts with issues, offered with the held-back notice. */
  onShowIssues?: () => void
  /**
   * What "Export XLIFF" and "Import XLIFF" are for; null: not offered. Left out, the vartext and
   * system workspaces take their pair of languages from the URL.
   */
  xliff?: XliffSubject | null
  /** Key → length limit of the screen's texts that have one: the save's summary checks them. */
  limits?: ReadonlyMap<string, number>
  /** More buttons after Save and load. */
  children?: ReactNode
  /** The phone's button that shows the folded controls (app/ui/phone-fold.tsx), right after Save. */
  foldToggle?: ReactNode
}) {
  useLocale()
  const { canTranslate } = access
  const saveTexts = useServerFn(saveTextsFn)
  const [saving, setSaving] = useState<{ done: number; total: number } | null>(null)
  const [needsLogin, setNeedsLogin] = useState(false)
  // The edits about to be saved that the quality checks find something in: asked before saving.
  const [summary, setSummary] = useState<Summary | null>(null)
  // What the background save held back for errors: shown while they are still unsaved.
  const [heldBack, setHeldBack] = useState<ReadonlySet<string>>(new Set())
  const stillHeld = pending.filter((row) => row.state === 'pending' && heldBack.has(row.key)).length
  const conflicts = pending.filter((row) => row.state === 'conflict').length
  const open = pending.length - conflicts

  // The work on this device: the browser asked to keep it, and sent when the connection is back.
  const keeping = useDeviceKeeping(canTranslate)
  const owner = usePendingOwner(access)
  // Edits kept before they had an owner become the signed-in user's.
  const { username } = access
  useEffect(() => {
    if (username) void loadStore().then((store) => store.adoptEdits(store.translationDb(), username))
  }, [username])
  const [saveWhenOnline, setSaveWhenOnline] = useSaveWhenOnline()
  const autoSaveId = useId()
  const workspaceSource = useSourceFromSearch()
  const xliffSubject: XliffSubject | null =
    xliff !== undefined ? xliff : scope === 'vartext' || scope === 'system' ? { kind: 'texts', scope, src: workspaceSource, dst } : null
  const wasOnline = useRef(online)
  useEffect(() => {
    const cameBack = online && !wasOnline.current
    wasOnline.current = online
    // In the background, with the same conflict handling as a click; no summary, so texts with
    // errors stay on the device for the translator to fix or to save through the summary.
    if (cameBack && saveWhenOnline && canTranslate && open > 0 && saving === null) void saveInBackground()
    // Only when the connection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online])

  async function saveInBackground() {
    let holds: (row: PendingRow) => boolean
    try {
      const { holdsBack } = await loadChecks()
      holds = (row) => holdsBack(row, { sourceLanguage: workspaceSource, limits })
    } catch (error) {
      // The checks could not load: nothing goes unchecked; Save still works by hand.
      console.warn('[portal] the translation checks could not load:', error)
      return
    }
    await save({ typedOnly: true, holdBack: { holds, reason: m.translation_held_back_reason() } })
  }

  async function save(options: SaveOptions = {}) {
    setSaving({ done: 0, total: open })
    try {
      const { savePending } = await loadStore()
      if (owner === null) return
      const outcome = await savePending(
        owner,
        scope,
        dst,
        (body) => saveTexts({ data: { scope, body } }),
        m.translation_not_saved_offline(),
        (done, total) => setSaving({ done, total }),
        options,
      )
      if (outcome.stopped === 'login') setNeedsLogin(true)
      setHeldBack(new Set(outcome.heldBack))
      // Not sent for want of a connection: the page may think it is online when it is not.
      if (outcome.stopped === 'offline') void recheckOnline()
      reportSaveOutcome(outcome)
    } finally {
      setSaving(null)
    }
  }

  /** Save, after a summary of what would be saved with issues (warnings never block: fix, or save). */
  async function askToSave(rows: ReadonlyArray<PendingRow> = pending) {
    let found: Summary | null = null
    try {
      const { saveSummary, SaveSummaryView } = await loadChecks()
      const items = saveSummary(
        rows.filter((row) => row.state === 'pending'),
        { sourceLanguage: workspaceSource, limits },
      )
      if (items.length > 0) found = { items, View: SaveSummaryView }
    } catch (error) {
      // Offline before the checks were cached: the save goes on without its summary.
      console.warn('[portal] the translation checks could not load:', error)
    }
    if (found) setSummary(found)
    else await save()
  }
  // Ctrl+S from anywhere on the screen takes the same path (decision 048).
  useSaveKey({ ready: canTranslate && saving === null && summary === null, online, owner, scope, dst, ask: askToSave })

  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <p data-testid="translation-status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {m.translation_unsaved({ count: pending.length })}
          {!online ? ` · ${m.translation_offline_short()}` : ''}
          <span className={foldableClass}>
            {loadedAt !== null ? ` · ${m.translation_loaded_at({ time: formatDeviceTime(loadedAt) })}` : ''}
            {keeping ? (
              <span data-testid="translation-keeping" data-keeping={keeping}>
                {` · ${keeping === 'kept' ? m.translation_kept_on_device() : m.translation_may_be_cleared()}`}
              </span>
            ) : null}
          </span>
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', flexGrow: { base: 1, md: 0 } })}>
          {canTranslate ? (
            <KeyButton keys={DESK_KEYS.save} className={buttonClass} disabled={open === 0 || saving !== null || !online} onClick={() => void askToSave()}>
              {saving ? m.translation_saving({ done: saving.done, total: saving.total }) : m.translation_save({ count: open })}
            </KeyButton>
          ) : null}
          {foldToggle}
          <span className={foldableClass}>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={loading || storing !== null || !online || !canTranslate || !canReload}
              onClick={onReload}
            >
              {m.translation_reload()}
            </button>
            {children}
          </span>
        </div>
      </div>
      {canTranslate ? (
        <div className={foldableClass}>
          <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', rowGap: '1', fontSize: 'sm' })}>
            <input
              id={autoSaveId}
              type="checkbox"
              checked={saveWhenOnline}
              onChange={(event) => setSaveWhenOnline(event.target.checked)}
              className={css({ w: '4', h: '4', accentColor: 'accent' })}
            />
            <label htmlFor={autoSaveId}>{m.translation_save_when_online()}</label>
            <span aria-hidden className={css({ color: 'fg.muted' })}>
              ·
            </span>
            <QueueFileActions owner={owner} />
            {xliffSubject && canReload ? (
              <>
                <span aria-hidden className={css({ color: 'fg.muted' })}>
                  ·
                </span>
                <XliffActions subject={xliffSubject} owner={owner} />
                <Suspense fallback={null}>
                  <TmxActions src={xliffSubject.src} dst={xliffSubject.dst} />
                </Suspense>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      {problem === 'login' || needsLogin ? <SessionEndedNotice access={access} /> : null}
      {Array.isArray(problem) ? (
        <Notice tone="danger" role="alert">
          {problem.join('\n')}
        </Notice>
      ) : null}
      <HeldBackNotice count={stillHeld} onShow={onShowIssues} onReview={() => void askToSave()} canReview={online && saving === null} />
      <ConflictsNotice pending={pending} onShowUnsaved={onShowUnsaved} />
      <Modal open={summary !== null} title={m.translation_summary_title()} onClose={() => setSummary(null)}>
        {summary ? <summary.View items={summary.items} /> : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setSummary(null)} autoFocus>
            {m.translation_summary_back()}
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setSummary(null)
              void save()
            }}
          >
            {m.translation_summary_save({ count: open })}
          </button>
        </div>
      </Modal>
      {loading || storing !== null ? (
        <div className={css({ display: 'grid', gap: '1' })}>
          <span id="doc-load-label">{storing !== null ? m.translation_storing() : m.translation_fetching()}</span>
          <progress aria-labelledby="doc-load-label" max={1} value={storing ?? undefined} className={css({ w: 'full' })} />
        </div>
      ) : null}
    </div>
  )
}
