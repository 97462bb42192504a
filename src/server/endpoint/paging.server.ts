import type { PagePastEnd } from '../../contract/paging'
import { m } from '../../paraglide/messages'
import { ApiError } from './errors.server'

/**
 * How a paged list (`paged: true`) answers a page past the last: `refuse` is the API's 404 that
 * names the last page, so a client never reads the last page as the one it asked for; `last`
 * answers the last page in its place, for our own screens' in-process calls (one call, not a
 * 404 and a second call).
 */
export type PastEnd = 'refuse' | 'last'

/**
 * The page count of `total` rows, the page answered and its offset. Page 1 always exists
 * (empty when nothing matches); a later page past the last is refused or the last (PastEnd).
 */
export function pageWindow(total: number, perPage: number, page: number, pastEnd: PastEnd = 'refuse'): { pages: number; page: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / perPage))
  if (page > pages && pastEnd === 'refuse') {
    const data: PagePastEnd = { page, pages }
    throw new ApiError(404, [(locale) => m.error_page_past_end({ page: String(page), pages: String(pages) }, { locale })], data)
  }
  const shown = Math.min(page, pages)
  return { pages, page: shown, offset: (shown - 1) * perPage }
}
