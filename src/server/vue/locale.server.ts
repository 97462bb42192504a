import type { Locale } from '../../contract/envelope'
import { chooseLocale } from '../../domain/locale-choice'
import { env } from '../env.server'
import { hostOf } from './forwarded.server'

// The caller's language, by the one rule (src/domain/locale-choice.ts): the language cookie,
// then — for a caller without the cookie — the best-weighted Accept-Language tag we speak,
// then the site's default by host name. Accept-Language is how a cookie-less caller states
// its choice: our own server functions and the upload route pass the page's language that way,
// and a legacy front end on another origin cannot send our cookie (decision 017).
export function localeOf(request: Request): Locale {
  return chooseLocale({
    cookie: request.headers.get('cookie'),
    requested: fromAcceptLanguage(request.headers.get('accept-language') ?? ''),
    host: hostOf(request, env().TRUST_PROXY),
  })
}

export function fromAcceptLanguage(header: string): Locale | null {
  let best: { locale: Locale; weight: number } | null = null
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const language = tag.trim().slice(0, 2).toLowerCase()
    if (language !== 'de' && language !== 'en') continue
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    const weight = q === undefined ? 1 : Number(q)
    if (Number.isFinite(weight) && weight > 0 && (!best || weight > best.weight)) best = { locale: language, weight }
  }
  return best?.locale ?? null
}
