import type { PagePastEnd } from '../../contract/paging'
import { m } from '../../paraglide/messages'
import { ApiError } from './errors.server'

/**
 * The page count of `total` rows and the offset of `page`. Page 1 always exists (empty when
 * nothing matches); a later page past the last is a 404 that says so, so a client never reads
 * the last page as the one it asked for.
 */
export function pageWindow(total: number, perPage: number, page: number): { pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / perPage))
  if (page > pages) {
    const data: PagePastEnd = { page, pages }
    throw new ApiError(404, [(locale) => m.error_page_past_end({ page: String(page), pages: String(pages) }, { locale })], data)
  }
  return { pages, offset: (page - 1) * perPage }
}
