import { Suspense, lazy, useId, type ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { formatDeviceTime } from '../../ui/format'
import { foldableClass } from '../../ui/phone-fold'
import { Notice, buttonClass, secondaryButtonClass } from '../../ui/page'
import { Modal } from '../../ui/modal'
import { SessionEndedNotice } from './access-notice-lazy'
import { QueueFileActions } from './queue-file-actions'
import { useDeviceKeeping } from './device-keeping'
import { ConflictsNotice, HeldBackNotice, UnreadableEditsNotice } from './save-notices'
import { useSaveFlow, type SaveWork } from './save-flow'
import { XliffActions, type XliffSubject } from './xliff-actions'
import { DESK_KEYS } from './desk-keys'
import { KeyButton } from './key-hint'

// The TMX actions are not in a screen's first load (the article page's budget, decision 035):
// fetched as the save bar shows them, precached for offline use like every script (decision 049).
const TmxActions = lazy(() => import('./tmx-actions').then((module) => ({ default: module.TmxActions })))

/** The screen's copy of its texts: loading it from the server, and what went wrong. */
export type SaveBarLoad = {
  /** Whether loading from the server makes sense here (not with the same language twice). */
  canReload: boolean
  loading: boolean
  problem: 'login' | 'offline' | string[] | null
  onReload: () => void
  /** When the texts on the device were loaded from the server (the workspace shows it). */
  loadedAt?: number | null
  /** Storing a fresh answer on the device, 0…1 (the workspace's long lists take a moment). */
  storing?: number | null
}

// The translation screens' bar: unsaved count, Save, load from server, and the notices for
// offline, missing session and refusals (conflicts and held-back texts: save-notices.tsx). The
// save itself, with its summary and the save when back online, is save-flow.tsx.
export function SaveBar({
  work,
  load: { canReload, loading, problem, onReload, loadedAt = null, storing = null },
  onShowUnsaved,
  onShowIssues,
  xliff,
  children,
  foldToggle,
}: {
  /** The edits saved here (save-flow.tsx). */
  work: SaveWork
  load: SaveBarLoad
  /** Filters the list down to the unsaved texts, offered with the conflicts notice. */
  onShowUnsaved?: () => void
  /** Filters the list down to the texts with issues, offered with the held-back notice. */
  onShowIssues?: () => void
  /**
   * What "Export XLIFF" and "Import XLIFF" are for; null: not offered. Left out, the vartext and
   * system workspaces take their pair of languages from the URL.
   */
  xliff?: XliffSubject | null
  /** More buttons after Save and load. */
  children?: ReactNode
  /** The phone's button that shows the folded controls (app/ui/phone-fold.tsx), right after Save. */
  foldToggle?: ReactNode
}) {
  useLocale()
  const { scope, dst, pending, access, online } = work
  const { canTranslate } = access
  // The work on this device: the browser asked to keep it, and sent when the connection is back.
  const keeping = useDeviceKeeping(canTranslate)
  const { saving, needsLogin, summary, open, stillHeld, owner, source, saveWhenOnline, setSaveWhenOnline, askToSave, closeSummary, saveAfterSummary } =
    useSaveFlow(work)
  const autoSaveId = useId()
  const xliffSubject: XliffSubject | null =
    xliff !== undefined ? xliff : scope === 'vartext' || scope === 'system' ? { kind: 'texts', scope, src: source, dst } : null

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
      <UnreadableEditsNotice owner={owner} />
      <Modal open={summary !== null} title={m.translation_summary_title()} onClose={closeSummary}>
        {summary ? <summary.View items={summary.items} /> : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={closeSummary} autoFocus>
            {m.translation_summary_back()}
          </button>
          <button type="button" className={buttonClass} onClick={saveAfterSummary}>
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
