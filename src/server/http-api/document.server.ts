import type { Locale } from '../../contract/envelope'
import { SESSION_COOKIE } from '../auth/token.server'
import type { DocumentContext, DocumentRenderer } from '../endpoint/document.server'
import { failureOf } from '../endpoint/failure.server'
import { newNonce } from '../security-headers.server'
import type { ApiAnswer } from './api-answer.server'

// The HTTP side of document endpoints (decision 029): who gets the page, where its token
// comes from, and its headers. The API's headers still apply (addApiHeaders), except the
// policy: a page needs its one style element, allowed by this response's nonce — nothing
// else may load, run, be framed or be posted.

/** A browser navigation lists text/html; a client that ranks application/json higher gets the envelope. */
export function wantsDocument(accept: string | null): boolean {
  const html = weightOf(accept, 'text/html')
  return html > 0 && html >= weightOf(accept, 'application/json')
}

function weightOf(accept: string | null, type: string): number {
  let weight = 0
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [range = '', ...params] = part.trim().split(';')
    if (range.trim() !== type) continue
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    const value = q === undefined ? 1 : Number(q)
    if (Number.isFinite(value)) weight = Math.max(weight, value)
  }
  return weight
}

/**
 * The session cookie's token. A page opened in a new window carries the HttpOnly cookie, not a
 * header; only documents read it: they are GET and change nothing, and no other site can read
 * or frame the answer (SameSite=Lax, frame-ancestors 'none', no CORS for cookies).
 */
export function sessionCookieToken(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== SESSION_COOKIE) continue
    const value = part.slice(index + 1).trim()
    return /^[A-Za-z0-9._-]+$/.test(value) ? value : null
  }
  return null
}

export function documentPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/** The endpoint's data as its page, or its failure as the failure page with the failure's code. */
export async function answerDocument(
  document: DocumentRenderer,
  locale: Locale,
  nowMs: number,
  where: { method: string; path: string },
  data: () => Promise<unknown>,
): Promise<ApiAnswer> {
  const context: DocumentContext = { locale, nonce: newNonce(), nowMs }
  try {
    return htmlAnswer(200, document.page(await data(), context), context.nonce)
  } catch (error) {
    const failure = failureOf(error, locale, where.method, where.path)
    return htmlAnswer(failure.httpStatus, document.failure(failure.httpStatus, failure.messages, context), context.nonce, failure.headers)
  }
}

function htmlAnswer(status: number, html: string, nonce: string, extra: Record<string, string> = {}): ApiAnswer {
  return {
    status,
    headers: { ...extra, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'Content-Security-Policy': documentPolicy(nonce) },
    body: html,
  }
}
