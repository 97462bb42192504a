// The portal's languages as TMX language tags and back (docs/decisions/049, "TMX and the shared
// memory"). The portal's codes are BCP 47 tags already ('de', 'en', 'fr'); the master texts are
// a pseudo-language whose texts are German (the seed: the German text, or a technical code), so
// in a TMX file they are German marked as the portal's master: `de-x-master`, a private-use tag
// whose primary subtag still says German to a tool that matches languages by it.

/** The language the master texts are written in. */
export const MASTER_TEXT_LANGUAGE = 'de'
/** The master texts' tag in a TMX file. */
export const MASTER_TMX_TAG = `${MASTER_TEXT_LANGUAGE}-x-master`

/** A portal language's tag in a TMX file. */
export function tmxTag(code: string): string {
  return code === 'master' ? MASTER_TMX_TAG : code
}

/**
 * The portal language of a TMX tag, among `codes` (the portal's languages), or null: the master
 * tag is the master; a tag naming a portal code exactly (letter case aside) is that language;
 * any other by its primary subtag (de-DE, de_AT, DE → de). TMX 1.1 files and some tools write an
 * underscore for the hyphen.
 */
export function portalLanguageOf(tag: string, codes: ReadonlyArray<string>): string | null {
  const wanted = tag.trim().toLowerCase().replaceAll('_', '-')
  if (wanted === '') return null
  if (wanted === MASTER_TMX_TAG) return codes.includes('master') ? 'master' : null
  const byCode = new Map(codes.filter((code) => code !== 'master').map((code) => [code.toLowerCase(), code]))
  return byCode.get(wanted) ?? byCode.get(wanted.split('-')[0]!) ?? null
}

/** Source languages that serve each other's memory: the master texts and the language they are written in. */
export function memorySources(src: string): string[] {
  return src === 'master' || src === MASTER_TEXT_LANGUAGE ? ['master', MASTER_TEXT_LANGUAGE] : [src]
}

/** A date in TMX's form, YYYYMMDDThhmmssZ (UTC). */
export function tmxDate(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** A TMX date (YYYYMMDDThhmmssZ) as a Date; null for anything else (tools that write other forms are not refused for it). */
export function parseTmxDate(value: string): Date | null {
  const found = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim())
  if (!found) return null
  const [, year, month, day, hour, minute, second] = found.map(Number)
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!))
  // 20250231T… is not a date: Date.UTC would roll it over into March.
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60 && second! < 60 ? date : null
}
