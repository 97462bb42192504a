import { inlinePieces } from './inline-codes'

// "Insert next tag" of the translator's desk (decision 048), on the inline codes the checks know
// (inline-codes.ts): kept apart so that the screens load it with the key, not with the page.

/** One code as the checks compare it: `<br />` and `<br/>` are the same tag. */
export function normalCode(code: string): string {
  return code.replace(/\s+\/>$/, '/>')
}

/**
 * The source's next inline code that the translation does not have yet, as a CAT tool's "insert
 * next tag" takes it: the first code of the source, in source order, left over when each code of
 * the translation has used up one of the same in the source; null when none is left.
 */
export function nextMissingCode(source: string, translation: string): string | null {
  const have = new Map<string, number>()
  for (const piece of inlinePieces(translation)) {
    if (!piece.code) continue
    const code = normalCode(piece.text)
    have.set(code, (have.get(code) ?? 0) + 1)
  }
  for (const piece of inlinePieces(source)) {
    if (!piece.code) continue
    const code = normalCode(piece.text)
    const left = have.get(code) ?? 0
    if (left === 0) return piece.text
    have.set(code, left - 1)
  }
  return null
}

/**
 * The translation with the source's next missing code put in place of the selection
 * (`start`…`end`, a caret when equal), and the caret just after it; null when none is missing.
 */
export function insertNextCode(source: string, translation: string, start: number, end: number): { value: string; caret: number } | null {
  const from = Math.max(0, Math.min(start, end, translation.length))
  const to = Math.min(translation.length, Math.max(start, end, from))
  const [before, after] = [translation.slice(0, from), translation.slice(to)]
  // What is selected goes: its codes no longer count as there.
  const code = nextMissingCode(source, before + after)
  return code === null ? null : { value: before + code + after, caret: from + code.length }
}
