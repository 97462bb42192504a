import type { Locale } from '../../contract/envelope'

// The caller's language: the portal's language cookie, then Accept-Language, then German.
export function localeOf(request: Request): Locale {
  const cookie = request.headers.get('cookie') ?? ''
  const fromCookie = /(?:^|;\s*)PARAGLIDE_LOCALE=(de|en)\b/.exec(cookie)?.[1]
  if (fromCookie === 'de' || fromCookie === 'en') return fromCookie
  const accept = request.headers.get('accept-language') ?? ''
  for (const part of accept.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase()
    if (tag === 'de' || tag === 'en') return tag
  }
  return 'de'
}
