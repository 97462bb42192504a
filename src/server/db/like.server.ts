// LIKE patterns for "contains" filters, with the wildcard characters of the input taken
// literally (PostgreSQL's default escape character is the backslash).
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}
