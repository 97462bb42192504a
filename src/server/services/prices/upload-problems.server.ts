import type { Locale } from '../../../contract/envelope'
import { PRICE_UPLOAD_MAX_MESSAGES, PRICE_UPLOAD_MAX_PROBLEMS, type PriceUploadProblems } from '../../../contract/price-upload'
import { m } from '../../../paraglide/messages'
import { ApiError } from '../../endpoint/errors.server'

// What is wrong with an uploaded price list, in the caller's language: every problem (up to
// PRICE_UPLOAD_MAX_PROBLEMS) in data.problems, the first ones as the answer's messages, and
// how many rows are bad in all.
type Problem = PriceUploadProblems['problems'][number]

export class UploadProblems {
  private readonly list: Problem[] = []
  private badRows = 0

  constructor(readonly locale: Locale) {}

  add(line: number | null, column: string | null, message: string): void {
    if (this.list.length < PRICE_UPLOAD_MAX_PROBLEMS) this.list.push({ line, column, message })
  }

  /** Counts one bad row (a row may have several problems). */
  countBadRow(): void {
    this.badRows += 1
  }

  any(): boolean {
    return this.list.length > 0
  }

  /** How many more problems fit in the answer (at least one, so a query can ask). */
  room(): number {
    return Math.max(1, PRICE_UPLOAD_MAX_PROBLEMS - this.list.length)
  }

  /** The 400 answer: a summary, the first problems as messages, all of them in data. */
  refusal(): ApiError {
    const problems = [...this.list].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    const bad = Math.max(this.badRows, problems.some((problem) => problem.line !== null) ? 1 : 0)
    const texts: string[] = []
    const locale = { locale: this.locale }
    if (bad === 1) texts.push(m.price_upload_refused_rows_one({}, locale))
    else if (bad > 0) texts.push(m.price_upload_refused_rows({ count: String(bad) }, locale))
    texts.push(...problems.slice(0, PRICE_UPLOAD_MAX_MESSAGES).map((problem) => problem.message))
    const more = (bad > 0 ? Math.max(problems.length, bad) : problems.length) - PRICE_UPLOAD_MAX_MESSAGES
    if (more === 1) texts.push(m.price_upload_more_problems_one({}, locale))
    else if (more > 0) texts.push(m.price_upload_more_problems({ count: String(more) }, locale))
    const data: PriceUploadProblems = { problems, bad_rows: bad }
    return new ApiError(
      400,
      texts.map((text) => () => text),
      data,
    )
  }

  /** A problem that ends the check at once (empty file, no text, bad header). */
  fatal(line: number | null, message: string): ApiError {
    this.add(line, null, message)
    return this.refusal()
  }
}
