// Hostile files made while they are sent: a multipart/form-data body produced piece by piece as
// the server reads it, so a test can send 100 MB without holding it, and can tell how much of it
// the server pulled before it answered (a refusal "before the file is read whole").
export type StreamedUpload = {
  body: ReadableStream<Uint8Array>
  contentType: string
  /** The body's length, for a Content-Length header (framing included). */
  length: number
  /** How many bytes of the body the reader has pulled so far. */
  pulled: () => number
}

const BOUNDARY = 'hostile-file-boundary-7d1e'
const CHUNK = 64 * 1024

/** One file part of `fileLength` bytes whose content `content(offset, size)` makes a piece at a time. */
export function streamedUpload(field: string, fileName: string, fileLength: number, content: (offset: number, size: number) => Uint8Array): StreamedUpload {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  let offset = 0
  let pulled = 0
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head'
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let piece: Uint8Array
        if (stage === 'head') {
          piece = head
          stage = fileLength > 0 ? 'file' : 'tail'
        } else if (stage === 'file') {
          const size = Math.min(CHUNK, fileLength - offset)
          piece = content(offset, size)
          offset += size
          if (offset >= fileLength) stage = 'tail'
        } else if (stage === 'tail') {
          piece = tail
          stage = 'done'
        } else {
          controller.close()
          return
        }
        pulled += piece.byteLength
        controller.enqueue(piece)
      },
    },
    // One piece at a time: nothing is made ahead of what the server reads.
    { highWaterMark: 0 },
  )
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}`, length: head.length + fileLength + tail.length, pulled: () => pulled }
}

/** Content that is `first` once and then `filler` repeated (cut to size): a long line, a deep nesting. */
export function repeated(first: string, filler: string): (offset: number, size: number) => Uint8Array {
  const start = Buffer.from(first)
  const unit = Buffer.from(filler.repeat(Math.ceil(CHUNK / filler.length) + 1))
  return (offset, size) => {
    const piece = Buffer.alloc(size)
    let at = 0
    if (offset < start.length) at = start.copy(piece, 0, offset)
    while (at < size) {
      const from = (offset + at - start.length) % filler.length
      at += unit.copy(piece, at, from, from + size - at)
    }
    return piece
  }
}
