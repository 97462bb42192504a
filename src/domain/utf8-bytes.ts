// UTF-8 as RFC 3629 defines it, byte by byte: no overlong forms, no surrogates, nothing past
// U+10FFFF — what a strict TextDecoder accepts. Used where a decoder's "invalid" is not enough
// and the first bad byte must be named (the XML import, the price list's encoding check).

/** The length of the valid sequence that starts at `at`, or 0 (none starts there, or it is cut short by the end). */
export function utf8SequenceAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]
  if (lead === undefined) return 0
  if (lead < 0x80) return 1
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
  if (length === 0 || at + length > bytes.length) return 0
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf
  const second = bytes[at + 1]!
  if (second < low || second > high) return 0
  for (let k = 2; k < length; k += 1) {
    const next = bytes[at + k]!
    if (next < 0x80 || next > 0xbf) return 0
  }
  return length
}

/** The offset of the first byte from `from` on that starts no valid sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array, from = 0): number {
  let i = from
  while (i < bytes.length) {
    if (bytes[i]! < 0x80) {
      i += 1
      continue
    }
    const length = utf8SequenceAt(bytes, i)
    if (length === 0) return i
    i += length
  }
  return -1
}
