// Kinds of price log, the price-log filters and sorts.

export const PRICE_LOG_KINDS = ['basket', 'upload', 'manual'] as const

export const PRICE_LOG_FILTER_KEYS = ['article_uid', 'contact', 'company', 'order_number__contains', 'price'] as const
export type PriceLogFilterKey = (typeof PRICE_LOG_FILTER_KEYS)[number]
export type PriceLogFilters = Partial<Record<PriceLogFilterKey, string>>

export const PRICE_LOG_SORTS = ['date', 'kind', 'basket_number', 'article_uid', 'article_type', 'price', 'company', 'contact'] as const
export const PRICE_ROW_SORTS = ['type', 'item_number', 'quantity', 'item_price', 'oprice', 'price'] as const

/** Several filters travel as one `key:value` list joined by ":::". */
export const FILTER_SEPARATOR = ':::'

export function joinPriceLogFilters(filters: PriceLogFilters): string {
  return PRICE_LOG_FILTER_KEYS.flatMap((key) => {
    const value = filters[key]?.trim().replaceAll(FILTER_SEPARATOR, ' ')
    return value ? [`${key}:${value}`] : []
  }).join(FILTER_SEPARATOR)
}

/** The filters of a joined list; an unknown key or a part without ':' is named as the problem. */
export function splitPriceLogFilters(joined: string): { filters: PriceLogFilters } | { problem: string } {
  const filters: PriceLogFilters = {}
  for (const part of joined.split(FILTER_SEPARATOR)) {
    if (part.trim() === '') continue
    const colon = part.indexOf(':')
    const key = PRICE_LOG_FILTER_KEYS.find((known) => known === part.slice(0, colon).trim())
    if (colon < 0 || !key) return { problem: part.slice(0, 40) }
    const value = part.slice(colon + 1).trim()
    if (value) filters[key] = value
  }
  return { filters }
}

/** The decimal mark of a language as its numbers are shown ("1.275,25" in German, "1,275.25" in English). */
export function decimalMarkOf(locale: string): ',' | '.' {
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value
  return mark === ',' ? ',' : '.'
}

/**
 * The price filter as the start of a stored price ("1275.25"): typed as the table shows it in
 * the page's language ("1.275,25" German, "1,275.25" English) or plainly ("1275.25", and
 * "1275,25" as before). With both marks the last one is the decimal mark. With one mark that
 * is the language's thousands separator, it is one only where it groups like the table does
 * (1–3 digits, then groups of exactly 3: German "1.275" is 1275, "1275.5" is 1275.5);
 * otherwise a single mark is the decimal mark. Anything that is not a number this way is
 * searched as typed, so it finds nothing rather than something else.
 */
export function priceFilterPrefix(raw: string, decimalMark: ',' | '.'): string {
  const text = raw.replace(/[\s\u00a0\u202f]/g, '')
  if (!/^\d[\d.,]*$/.test(text)) return text
  const commas = text.split(',').length - 1
  const points = text.split('.').length - 1
  let integer: string
  let fraction: string | null
  if (commas > 0 && points > 0) {
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.'
    const cut = text.lastIndexOf(decimal)
    integer = text.slice(0, cut)
    fraction = text.slice(cut + 1)
    const thousands = decimal === ',' ? '.' : ','
    if (integer.includes(decimal) || !groupsLikeTable(integer, thousands)) return text
    integer = integer.replaceAll(thousands, '')
  } else if (commas + points === 0) {
    return text
  } else {
    const mark = commas > 0 ? ',' : '.'
    if (mark !== decimalMark && groupsLikeTable(text, mark)) return text.replaceAll(mark, '')
    if (commas + points > 1) return text
    ;[integer = '', fraction = ''] = text.split(mark)
  }
  if (!/^\d*$/.test(fraction)) return text
  return `${integer}.${fraction}`
}

/** "1.275" or "12.345.678": 1–3 digits, then each mark followed by exactly three digits. */
function groupsLikeTable(text: string, mark: ',' | '.'): boolean {
  const groups = text.split(mark)
  return groups.length > 1 && /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group))
}
