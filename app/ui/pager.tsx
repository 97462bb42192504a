import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { secondaryButtonClass } from './page'

// Page controls under a server-paged table: first, previous, "page X of Y", next, last.
export function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const button = css({ minW: '10', px: '2' })
  return (
    <nav aria-label={m.pager_label()} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <button type="button" className={`${secondaryButtonClass} ${button}`} disabled={page <= 1} onClick={() => onPage(1)} aria-label={m.pager_first()}>
        «
      </button>
      <button
        type="button"
        className={`${secondaryButtonClass} ${button}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={m.pager_previous()}
      >
        ‹
      </button>
      <span aria-live="polite" className={css({ px: '2', order: { base: -1, sm: 0 }, w: { base: 'full', sm: 'auto' } })}>
        {m.pager_status({ page: String(page), pages: String(pages), total: String(total) })}
      </span>
      <button
        type="button"
        className={`${secondaryButtonClass} ${button}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={m.pager_next()}
      >
        ›
      </button>
      <button type="button" className={`${secondaryButtonClass} ${button}`} disabled={page >= pages} onClick={() => onPage(pages)} aria-label={m.pager_last()}>
        »
      </button>
    </nav>
  )
}
