import type { Locale } from '../../contract/envelope'

// The caller's language: the portal's language cookie, then the best-weighted Accept-Language
// tag we speak, then German (the base locale).
export function localeOf(request: Request): Locale {
  const cookie = request.headers.get('cookie') ?? ''
  const fromCookie = /(?:^|;\s*)PARAGLIDE_LOCALE=(de|en)\b/.exec(cookie)?.[1]
  if (fromCookie === 'de' || fromCookie === 'en') return fromCookie
  return fromAcceptLanguage(request.headers.get('accept-language') ?? '') ?? 'de'
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
