import { isAscii, isUtf8 } from 'node:buffer'
import { firstInvalidUtf8 } from '../../../domain/utf8-bytes'

// Which encoding a price list is in, from one pass over its bytes in chunks (decision 015): UTF-8
// when every byte is valid UTF-8, else Windows-1252 (what Excel saves as "CSV") — unless the file
// shows UTF-8 somewhere too, by a byte order mark or a UTF-8 character a German or English list
// holds (below). Such a file mixes two encodings (a Latin-1 export pasted into a UTF-8 one): read
// either way, half of its umlauts would be stored as "Ã¼", so it is refused naming a line of
// each. Offsets are file positions; the caller turns the one it reports into a line.
export type EncodingVerdict =
  { kind: 'utf-8' } | { kind: 'windows-1252' } | { kind: 'bom-not-utf8'; invalidAt: number } | { kind: 'mixed'; invalidAt: number; utf8At: number }

const BOM = Buffer.from([0xef, 0xbb, 0xbf])
// UTF-8 for Latin-1's letters and signs (ä ö ü ß é ° NBSP …: C2/C3 and one more byte) and for
// the typographic ones (€ „ “ – …: E2 80–8F and one more), searched in a chunk read as Latin-1.
// In Windows-1252 text these bytes are "Â" or "Ã" or "â€" followed by a sign, which lists do not
// hold; other multi-byte sequences do occur there by chance ("Ø½" is valid UTF-8), so they are
// no evidence.
const UTF8_EVIDENCE = /[\xc2\xc3][\x80-\xbf]|\xe2[\x80-\x8f][\x80-\xbf]/

export class CsvEncodingCheck {
  /** The bytes of a sequence the last chunk left unfinished. */
  private carry = Buffer.alloc(0)
  /** The file's first three bytes (its byte order mark, if any) and the last three seen so far. */
  private head = Buffer.alloc(0)
  private tail = Buffer.alloc(0)
  private invalidAt: number | null = null
  private utf8At: number | null = null
  private end = 0
  /** Where a byte order mark stands after the file's start (two files joined), if anywhere. */
  bomInsideAt: number | null = null

  /** The next chunk of the file, which starts at `position`. */
  see(bytes: Buffer, position: number): void {
    const tail = this.tail
    this.end = position + bytes.length
    if (this.head.length < 3) this.head = Buffer.concat([this.head, bytes.subarray(0, 3 - this.head.length)])
    if (this.bomInsideAt === null) this.bomInsideAt = findBom(tail, bytes, position)
    // Validated natively without decoding (a million-row list: 62 → 5 ms); a sequence cut by
    // the chunk's end is carried over to the next one.
    if (this.invalidAt === null) {
      const joined = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes
      const cut = unfinishedFrom(joined)
      if (isUtf8(joined.subarray(0, cut))) this.carry = Buffer.from(joined.subarray(cut))
      else this.invalidAt = firstInvalid(tail, bytes, position)
    }
    // Read as Latin-1 for the search, only until the first sign is found; a sign cut between
    // two chunks is found in their joint. An ASCII chunk holds none and completes none.
    if (this.utf8At === null && !isAscii(bytes)) {
      const joint = UTF8_EVIDENCE.exec(Buffer.concat([tail, bytes.subarray(0, 3)]).toString('latin1'))
      const found = joint ? joint.index - tail.length : (UTF8_EVIDENCE.exec(bytes.toString('latin1'))?.index ?? null)
      if (found !== null) this.utf8At = position + found
    }
    this.tail = Buffer.concat([tail, bytes.subarray(-3)]).subarray(-3)
  }

  verdict(): EncodingVerdict {
    // A sequence cut short by the end of the file.
    if (this.invalidAt === null && this.carry.length > 0) this.invalidAt = firstInvalid(this.tail, Buffer.alloc(0), this.end)
    if (this.invalidAt === null) return { kind: 'utf-8' }
    if (this.head.equals(BOM)) return { kind: 'bom-not-utf8', invalidAt: this.invalidAt }
    if (this.utf8At !== null) return { kind: 'mixed', invalidAt: this.invalidAt, utf8At: this.utf8At }
    return { kind: 'windows-1252' }
  }
}

/** Where the sequence that the bytes end in starts when it is unfinished (its lead byte wants more), else their length. */
function unfinishedFrom(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
    const byte = bytes[i]!
    if (byte < 0x80) return bytes.length
    if (byte >= 0xc0) {
      const wanted = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
      return bytes.length - i >= wanted ? bytes.length : i
    }
  }
  return bytes.length
}

/** Where a byte order mark stands after the file's first byte: across the chunk's start or in it. */
function findBom(tail: Buffer, bytes: Buffer, position: number): number | null {
  const joint = Buffer.concat([tail, bytes.subarray(0, 2)])
  for (let at = joint.indexOf(BOM); at !== -1; at = joint.indexOf(BOM, at + 1)) {
    if (position - tail.length + at > 0) return position - tail.length + at
  }
  const inside = bytes.indexOf(BOM, position === 0 ? 1 : 0)
  return inside === -1 ? null : position + inside
}

/**
 * The first invalid byte, in a chunk the decoder refused or in the sequence the chunk before
 * left open: the bytes before `position` were accepted, so the search starts at the last
 * sequence that may still be open (continuation bytes at the tail's start closed earlier ones).
 */
function firstInvalid(tail: Buffer, bytes: Buffer, position: number): number {
  let skip = 0
  while (skip < tail.length && tail[skip]! >= 0x80 && tail[skip]! <= 0xbf) skip += 1
  const open = tail.subarray(skip)
  const found = firstInvalidUtf8(Buffer.concat([open, bytes]))
  return found === -1 ? position : position - open.length + found
}
