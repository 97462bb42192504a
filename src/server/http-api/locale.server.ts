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
  const cookie = request.headers.get('cookie')
  const accepted = request.headers.get('accept-language') ?? ''
  const host = hostOf(request, env().TRUST_PROXY)
  // The same callers send the same three headers again and again: the choice is kept per
  // triple (bounded; long headers are worked out each time).
  const key = `${cookie ?? ''}\n${accepted}\n${host}`
  if (key.length > 1000) return chooseLocale({ cookie, requested: fromAcceptLanguage(accepted), host })
  let locale = chosen.get(key)
  if (locale === undefined) {
    locale = chooseLocale({ cookie, requested: fromAcceptLanguage(accepted), host })
    if (chosen.size >= 500) chosen.clear()
    chosen.set(key, locale)
  }
  return locale
}

const chosen = new Map<string, Locale>()

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
