// Flags a text carries in its tags (set with the vartext XML import's `tags` attribute), named
// as Weblate names them: `max-length:40` limits the translation to 40 characters, checked as an
// error by the quality checks in the browser and on the save (decision 045).

const MAX_LENGTH = /^max-length:(\d{1,6})$/

/** The length limit a text's tags set (the smallest, where several do); undefined without one. */
export function maxLengthOf(tags: ReadonlyArray<string>): number | undefined {
  let limit: number | undefined
  for (const tag of tags) {
    const found = MAX_LENGTH.exec(tag.trim())
    if (!found) continue
    const value = Number(found[1])
    if (value > 0 && (limit === undefined || value < limit)) limit = value
  }
  return limit
}

/** The length a limit counts: code points, not UTF-16 units (an emoji or a rare CJK sign is one). */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}
