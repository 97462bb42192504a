// The approval number an approver gives a basket is a reference from their
// own system; the spec gives no rule, so we chose one (decision 021): after trimming, 1 to 40
// characters, each a letter, a digit, - _ / . or a space (so spaces only between the others).
export const APPROVAL_NUMBER_MAX = 40

export type ApprovalNumberCheck =
  | { ok: true; value: string }
  | { ok: false; problem: 'required' }
  | { ok: false; problem: 'too_long'; length: number }
  | { ok: false; problem: 'characters'; characters: string[] }

const ALLOWED = /^[\p{L}\p{N}\-_/. ]$/u

/**
 * The same rule as one regular expression (of the trimmed value), for /vue/openapi.json: 1 to
 * 40 of those characters, a space never first or last. tests/domain/approval-number.test.ts
 * holds it to checkApprovalNumber.
 */
export const APPROVAL_NUMBER_PATTERN = new RegExp(`^[\\p{L}\\p{N}\\-_/.](?:[\\p{L}\\p{N}\\-_/. ]{0,${APPROVAL_NUMBER_MAX - 2}}[\\p{L}\\p{N}\\-_/.])?$`, 'u')

export function checkApprovalNumber(input: string): ApprovalNumberCheck {
  const value = input.trim()
  // Characters as a person counts them (code points), not UTF-16 units.
  const characters = [...value]
  if (characters.length === 0) return { ok: false, problem: 'required' }
  const refused = [...new Set(characters.filter((character) => !ALLOWED.test(character)))]
  if (refused.length > 0) return { ok: false, problem: 'characters', characters: refused }
  if (characters.length > APPROVAL_NUMBER_MAX) return { ok: false, problem: 'too_long', length: characters.length }
  return { ok: true, value }
}
