// The inline codes of a translatable text: placeholders ({0}, {name}, %s, %d, %1$s) and HTML
// tags. The quality checks compare them; the screens show them as tags, not as raw markup.

export const PLACEHOLDER = /\{[A-Za-z0-9_.]*\}|%(?:\d+\$)?[sdif]/g
export const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g

const INLINE = new RegExp(`${TAG.source}|${PLACEHOLDER.source}`, 'g')

/** The text in pieces: plain text, and each inline code as one piece of its own. */
export function inlinePieces(text: string): Array<{ code: boolean; text: string }> {
  const pieces: Array<{ code: boolean; text: string }> = []
  let at = 0
  for (const found of text.matchAll(INLINE)) {
    if (found.index > at) pieces.push({ code: false, text: text.slice(at, found.index) })
    pieces.push({ code: true, text: found[0] })
    at = found.index + found[0].length
  }
  if (at < text.length) pieces.push({ code: false, text: text.slice(at) })
  return pieces
}

/** Whether the text holds any tag or placeholder. */
export function hasInlineCodes(text: string): boolean {
  return inlinePieces(text).some((piece) => piece.code)
}
