import { siteForHost } from '../../app.config'
import { LOCALES, type Locale } from './locales'
import { cookieName } from '../paraglide/runtime'

// The one language rule (docs/decisions/017-web-language-hostile-input-headers.md): the stored
// choice (the language cookie the en/de switch writes), then the site's default by host name,
// then German. Pages, server functions and /vue/ answers all go through chooseLocale, on the
// server and in the browser, so server rendering and hydration pick the same language.

function toLocale(value: string | null | undefined): Locale | null {
  return LOCALES.find((locale) => locale === value) ?? null
}

/** The stored choice in a Cookie header (or document.cookie); null when absent or unknown. */
export function storedLocale(cookieHeader: string | null | undefined): Locale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name = '', ...value] = part.trim().split('=')
    if (name === cookieName) return toLocale(value.join('='))
  }
  return null
}

export type LocaleSignals = {
  cookie: string | null | undefined
  host: string | null | undefined
  /** A language the caller asked for in the request itself (/vue/ only: Accept-Language). */
  requested?: Locale | null
}

export function chooseLocale({ cookie, host, requested }: LocaleSignals): Locale {
  // Every site has a default; an unknown host gets the base site's (German is the base locale
  // of the messages, used only where no request exists at all).
  return storedLocale(cookie) ?? requested ?? siteForHost(host).defaultLocale
}
