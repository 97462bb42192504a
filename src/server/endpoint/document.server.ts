import { z } from 'zod'
import type { Locale } from '../../contract/envelope'
import type { Implementation } from './implement.server'

// Endpoints whose answer is a document (decision 029): the frame runs as for every call, then
// the data (or the failure) is rendered as one HTML page. Transport-free: the HTTP side adds
// the nonce's policy and the headers (src/server/http-api/document.server.ts).
export type DocumentContext = { locale: Locale; nonce: string; nowMs: number }

export type DocumentRenderer = {
  /** The page for the endpoint's data. */
  page(data: unknown, context: DocumentContext): string
  /** The page for a refused or failed call: its code and its messages in the caller's language. */
  failure(status: number, messages: ReadonlyArray<string>, context: DocumentContext): string
}

export function withDocument<D extends z.ZodType>(
  implementation: Implementation,
  endpoint: { data: D },
  renderer: { page(data: z.output<D>, context: DocumentContext): string; failure: DocumentRenderer['failure'] },
): Implementation {
  // The data is the handler's, already checked outside production; parsing it again keeps the
  // renderer typed without a cast (a few hundred rows).
  return { ...implementation, document: { page: (data, context) => renderer.page(z.parse(endpoint.data, data), context), failure: renderer.failure } }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for an HTML element or a quoted attribute: every value of a page goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** A whole page: language, title, one style element carrying the response's nonce, the body (already escaped). */
export function htmlPage({ locale, nonce, title, style, body }: { locale: Locale; nonce: string; title: string; style: string; body: string }): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title>` +
    `<style nonce="${escapeHtml(nonce)}">${style}</style></head><body>${body}</body></html>`
  )
}
