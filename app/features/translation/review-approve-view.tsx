import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { review } from './review-actions'
import { useReviewDesk } from './review-desk-context'
import { approvableRows } from './review-states'
import type { TextRow } from './texts-rows'

// "Approve all of this view": every text the filter and the search show that is translated,
// current, saved and not approved yet, after a question that names how many (docs/decisions/049).
// Each goes with the stamp the reviewer's list shows, so a text changed meanwhile is a conflict.
export function ApproveView({ rows }: { rows: ReadonlyArray<TextRow> }) {
  useLocale()
  const desk = useReviewDesk()
  const [asking, setAsking] = useState<TextRow[] | null>(null)
  const [busy, setBusy] = useState(false)
  const count = approvableRows(rows).length
  if (!desk?.canReview || desk.owner === null || (count === 0 && asking === null)) return null
  const { owner, kind, lang, online } = desk

  async function approve(texts: TextRow[]) {
    setAsking(null)
    setBusy(true)
    try {
      const sent = texts.flatMap((row) => (row.entry.stamp ? [{ key: row.entry.key, base: row.entry.stamp }] : []))
      await review(owner, kind, lang, 'approved', sent, null, online)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
      <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setAsking(approvableRows(rows))}>
        {m.review_approve_view({ count })}
      </button>
      <Modal open={asking !== null} title={m.review_approve_view_title({ count: asking?.length ?? 0 })} onClose={() => setAsking(null)}>
        <p>{m.review_approve_view_explain({ count: asking?.length ?? 0 })}</p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setAsking(null)} autoFocus>
            {m.review_cancel()}
          </button>
          <button type="button" className={buttonClass} onClick={() => asking && void approve(asking)}>
            {m.review_approve_view_confirm({ count: asking?.length ?? 0 })}
          </button>
        </div>
      </Modal>
    </div>
  )
}
