import type { FileHandle } from 'node:fs/promises'

// Lines of a price list in its raw bytes (decision 015): a bound on their length, checked in the one
// pass over the file before it is parsed, and the line number of a byte, worked out only for the
// problem the answer names. A line ends at LF, CR LF or a lone CR (old Mac files), as csv-parse reads them.

/** A price row is a few hundred bytes; this is far past any real one and still small to hold. */
export const CSV_MAX_LINE_BYTES = 64 * 1024

const LF = 0x0a
const CR = 0x0d

/** Finds the first line longer than the bound, one window of the bound's size at a time (not byte by byte). */
export class CsvLineCheck {
  private lineStart = 0

  constructor(private readonly max = CSV_MAX_LINE_BYTES) {}

  /** The file position where the first too-long line starts, or null so far. */
  see(bytes: Uint8Array, position: number): number | null {
    for (;;) {
      const from = Math.max(this.lineStart, position) - position
      // The line must have ended by this position, or it is too long.
      const deadline = this.lineStart + this.max - position
      const window = bytes.subarray(from, Math.min(deadline + 1, bytes.length))
      const last = Math.max(window.lastIndexOf(LF), window.lastIndexOf(CR))
      if (last !== -1) this.lineStart = position + from + last + 1
      else if (deadline < bytes.length) return this.lineStart
      if (deadline >= bytes.length) return null
    }
  }
}

/** The line (from 1) that the byte at `offset` is on: one more than the line breaks before it. */
export async function lineAt(handle: FileHandle, offset: number, chunk = 1 << 20): Promise<number> {
  // One byte more than the chunk, to see whether a CR at its end is followed by an LF.
  const buffer = Buffer.allocUnsafe(chunk + 1)
  let breaks = 0
  for (let position = 0; position < offset; position += chunk) {
    const wanted = Math.min(chunk, offset - position)
    const { bytesRead } = await handle.read(buffer, 0, wanted + 1, position)
    if (bytesRead === 0) break
    const bytes = buffer.subarray(0, Math.min(bytesRead, wanted))
    // Native searches, not a loop over every byte: LFs, and CRs that no LF follows.
    for (let i = bytes.indexOf(LF); i !== -1; i = bytes.indexOf(LF, i + 1)) breaks += 1
    for (let i = bytes.indexOf(CR); i !== -1; i = bytes.indexOf(CR, i + 1)) if (buffer[i + 1] !== LF || i + 1 >= bytesRead) breaks += 1
  }
  return breaks + 1
}
