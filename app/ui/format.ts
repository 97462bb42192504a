import { getLocale } from '../../src/paraglide/runtime'

// Dates and amounts in the interface language (German: 22.11.2026, 14:05 and 1.234,50).
export function formatDateTime(iso: string | null): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso))
}

export function formatAmount(value: string | null, maximumFractionDigits = 4): string {
  if (value === null || value === '') return ''
  return new Intl.NumberFormat(getLocale(), { minimumFractionDigits: 2, maximumFractionDigits }).format(Number(value))
}

export function formatDate(iso: string | null): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso))
}

export function formatTime(iso: string | null): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(getLocale(), { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso))
}
