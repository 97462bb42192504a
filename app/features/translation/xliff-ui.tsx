import { useId, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { languageName } from './language-picker'
import { XLIFF_FILE_MAX_BYTES, type XliffMode } from './xliff-file'
import { previousSourcesFromHistory } from './xliff-history'
import { commentsFromServer } from './xliff-comments'
import { formatDeviceTime } from '../../ui/format'
import { mayReview } from './pending-owner'
import { syncReviews } from './review-actions'
import { exportXliff, importXliff, type ImportCounts, type XliffSubject } from './xliff-parts'
import { xliffProblemText } from './xliff-problems'

// The XLIFF actions' part that loads on the first click (xliff-actions.tsx keeps only the two
// buttons in the screen's first load): the export's choice and download, the import and its words.

/** "Export as XLIFF 2.0": the texts that need work (untranslated and outdated), or all, then the download. */
export function ExportDialog({ open, subject, owner, onClose }: { open: boolean; subject: XliffSubject; owner: string; onClose: () => void }) {
  const [mode, setMode] = useState<XliffMode>('untranslated')
  const name = useId()

  async function download() {
    onClose()
    try {
      const file = await exportXliff(subject, owner, mode, {
        previousSources: previousSourcesFromHistory,
        previousSourceNote: (source) => m.xliff_previous_source_note({ source }),
        comments: commentsFromServer,
        commentNote: (comment) => m.xliff_comment_note({ by: comment.by ?? '?', at: formatDeviceTime(comment.at), text: comment.text }),
      })
      if (!file) showErrorToast([m.xliff_no_copy()])
      else if (file.count === 0) showToast({ title: () => m.xliff_none(), type: 'info' })
      else {
        const link = document.createElement('a')
        link.href = URL.createObjectURL(new Blob([file.xml], { type: 'application/xliff+xml' }))
        link.download = file.name
        link.click()
        URL.revokeObjectURL(link.href)
        showToast({ title: () => m.xliff_exported({ count: file.count }), type: 'success' })
      }
    } catch (error) {
      showErrorToast([String(error)])
    }
  }

  return (
    <Modal open={open} title={m.xliff_export_title()} onClose={onClose}>
      <p>{m.xliff_export_intro({ src: languageName(subject.src), dst: languageName(subject.dst) })}</p>
      {subject.kind === 'catalogue' ? <p>{m.xliff_export_catalogue()}</p> : null}
      <fieldset className={css({ display: 'grid', gap: '2', border: 0, p: 0, m: 0, minW: 0 })}>
        <legend className={css({ fontWeight: 'semibold', mb: '1' })}>{m.xliff_export_which()}</legend>
        {(['untranslated', 'all'] as const).map((value) => (
          <label key={value} className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', minH: '6' })}>
            <input
              type="radio"
              name={name}
              checked={mode === value}
              onChange={() => setMode(value)}
              className={css({ w: '4', h: '4', accentColor: 'accent' })}
            />
            {value === 'untranslated' ? m.xliff_export_untranslated() : m.xliff_export_all()}
          </label>
        ))}
      </fieldset>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {m.xliff_cancel()}
        </button>
        <button type="button" className={buttonClass} onClick={() => void download()} autoFocus>
          {m.xliff_export_download()}
        </button>
      </div>
    </Modal>
  )
}

/** Imports a chosen file into `owner`'s queue; its counts, or null when it was refused (said in a toast). */
export async function importChosen(subject: XliffSubject, owner: string, chosen: File): Promise<ImportCounts | null> {
  try {
    // Refused before it is read when it is too large.
    const answer =
      chosen.size > XLIFF_FILE_MAX_BYTES
        ? ({ ok: false, problem: { kind: 'too_big' } } as const)
        : await importXliff(subject, owner, await chosen.text(), chosen.size, Date.now(), { canReview: mayReview() })
    if (answer.ok) {
      // The notes and approvals go when the server can be reached (review-queue.ts).
      if ((answer.counts.comments ?? 0) + (answer.counts.approved ?? 0) > 0 && navigator.onLine) void syncReviews(owner)
      return answer.counts
    }
    showErrorToast([m.xliff_not_imported(), xliffProblemText(answer.problem)])
  } catch (error) {
    showErrorToast([m.xliff_not_imported(), String(error)])
  }
  return null
}

/** "12 edits imported, 3 unchanged, 1 unknown" (and how many units had no translation). */
export function importResultText(counts: ImportCounts): string {
  const line = m.xliff_imported({ imported: counts.imported, unchanged: counts.unchanged, unknown: counts.unknown })
  const parts = [
    line,
    ...(counts.empty > 0 ? [m.xliff_imported_empty({ count: counts.empty })] : []),
    ...(counts.comments ? [m.xliff_imported_comments({ count: counts.comments })] : []),
    ...(counts.approved ? [m.xliff_imported_approved({ count: counts.approved })] : []),
    ...(counts.notApproved ? [m.xliff_imported_not_approved({ count: counts.notApproved })] : []),
  ]
  return parts.join(', ')
}
