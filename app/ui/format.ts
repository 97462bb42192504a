import { getLocale } from '../../src/paraglide/runtime'

// Dates and amounts in the interface language (German: 22.11.2026, 14:05 and 1.234,50).
// A formatter is costly to make and cheap to use: one per language and style, kept (a table of
// 25 rows formatted each date anew, on the server too).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function dateFormat(style: 'dateTime' | 'date' | 'time'): Intl.DateTimeFormat {
  const locale = getLocale()
  const key = `${style} ${locale}`
  let format = formatters.get(key)
  if (!(format instanceof Intl.DateTimeFormat)) {
    const options: Intl.DateTimeFormatOptions =
      style === 'dateTime' ? { dateStyle: 'short', timeStyle: 'short' } : style === 'date' ? { dateStyle: 'short' } : { timeStyle: 'short' }
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Berlin' })
    formatters.set(key, format)
  }
  return format
}

function amountFormat(maximumFractionDigits: number): Intl.NumberFormat {
  const locale = getLocale()
  const key = `amount ${maximumFractionDigits} ${locale}`
  let format = formatters.get(key)
  if (!(format instanceof Intl.NumberFormat)) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits })
    formatters.set(key, format)
  }
  return format
}

/**
 * A moment in the reader's language and in the device's own time zone ("27 Nov 2026, 06:16"),
 * for parts drawn only in the browser (from the device's store or a call made there): the
 * server knows no reader's zone, so what it renders stays in the portal's.
 */
export function formatDeviceTime(at: string | number): string {
  const locale = getLocale()
  const key = `device ${locale}`
  let format = formatters.get(key)
  if (!(format instanceof Intl.DateTimeFormat)) {
    format = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    formatters.set(key, format)
  }
  return format.format(new Date(at))
}

export function formatDateTime(iso: string | null): string {
  return iso ? dateFormat('dateTime').format(new Date(iso)) : ''
}

export function formatAmount(value: string | null, maximumFractionDigits = 4): string {
  if (value === null || value === '') return ''
  return amountFormat(maximumFractionDigits).format(Number(value))
}

export function formatDate(iso: string | null): string {
  return iso ? dateFormat('date').format(new Date(iso)) : ''
}

export function formatTime(iso: string | null): string {
  return iso ? dateFormat('time').format(new Date(iso)) : ''
}
