import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib'

// Pages and server-function answers go out compressed (docs/decisions/035-page-weight.md): the
// companies screen's HTML is 81 KB as rendered (25 tree rows with their atomic classes, and the
// data they were made from) and about 10 KB compressed; on a phone's connection that is the
// difference between its first paint at twice the static page's and close to it. Files under
// /assets/ come compressed from the build (nitro's compressPublicAssets); /vue/ answers and public
// pages from the render cache go as they are (app/server.ts, decision 035). A page whole within
// a moment goes out in one compressed piece; one still waiting for data after that sends its shell
// and is flushed whenever its stream pauses, so the shell reaches the browser before the rest is
// rendered.

export type Coding = 'br' | 'gzip'

// Brotli at quality 3 (with the page's size as a hint) where the client takes it, which every
// browser does: in one call the companies page's 41 KB become 8.5 KB in 0.21 ms of the main thread,
// basket approval's 122 KB 14.6 KB in 0.5 ms, where gzip at level 6 made 8.1 KB and 15.2 KB in
// twice the time (0.45 and 1.0 ms) — and the main thread is what a signed-in page waits for under
// load (docs/decisions/061-signed-in-render-profile.md). gzip at level 6 for a client that takes
// only gzip.
const BROTLI_QUALITY = 3
const GZIP_LEVEL = 6
// Below about one packet compression saves no round trip.
const MIN_BYTES = 1024
// An answer whole within the hold (below) and smaller than this is compressed on the spot, in
// one synchronous call: that costs the least CPU in all. The companies page's 41 KB take 0.23 ms
// of CPU that way, 0.75 ms in all through zlib's thread pool and 0.81 ms through a compressor
// stream with a flush per turn (50 at once, this 2-core machine), and the server is bound by CPU
// under load (docs/decisions/061-signed-in-render-profile.md). A longer answer goes to a
// compressor stream (zlib's thread), in pieces of at most this, even within one turn.
const MAX_BATCH_BYTES = 256 * 1024
// A page is held this long for its end before its first bytes go out compressed on their own: a
// page rendered in a few turns goes out in one call (above), one that waits for data still sends
// its shell this soon. Under load a page renders in some 20 ms of wall time (4 at once).
const HOLD_MS = 50
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-ndjson|x-tss-framed|[a-z.+-]*\+(json|xml)))/i

/**
 * The coding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): br, else gzip,
 * each only when its weight (or that of `*`) is above 0 — br before gzip at equal weight, the
 * higher weight first otherwise. null: identity (no header, or nothing we offer is accepted).
 */
export function chosenCoding(header: string | null): Coding | null {
  if (!header) return null
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    let weight = 1
    for (const param of params) {
      const q = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param)
      if (q) weight = Number(q[1])
      else if (param.startsWith('q')) weight = 0 // a weight we cannot read is no consent
    }
    weights.set(name, Math.min(weight, 1))
  }
  const weightOf = (coding: string) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0
  const br = weightOf('br')
  const gzip = weightOf('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}

/**
 * The response compressed for the request when the client accepts a coding and the body is
 * worth it: text-like, not already encoded, not tiny. Every answer that could have been
 * compressed says `Vary: Accept-Encoding`, so a cache keeps the variants apart.
 */
export function withCompression(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  // A file with its own ETag (a company logo) is answered byte for byte, as its tag says.
  if (!COMPRESSIBLE.test(type) || response.headers.has('content-encoding') || response.headers.has('etag')) return response
  const length = response.headers.get('content-length')
  const coding = chosenCoding(request.headers.get('accept-encoding'))
  const worth =
    response.body !== null &&
    request.method !== 'HEAD' &&
    response.status !== 204 &&
    response.status !== 304 &&
    (length === null || Number(length) >= MIN_BYTES)
  const headers = new Headers(response.headers)
  headers.append('vary', 'Accept-Encoding')
  if (!worth || !coding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  headers.delete('content-length')
  headers.set('content-encoding', coding)
  return new Response(compressedStream(response.body!, coding), { status: response.status, statusText: response.statusText, headers })
}

/**
 * `body` compressed as it streams. A page that is whole within HOLD_MS of its first bytes (most
 * are; a cached page always) is compressed in one call, without a compressor stream: a stream per
 * page and a write and a flush per turn cost three times the CPU of one call. A page still
 * rendering after HOLD_MS (its shell sent, data still coming) goes through a compressor stream
 * from then on: what its stream gives in one turn of the event loop is compressed together and
 * flushed at the end of that turn, so a pause of the render is a pause of the answer, not a buffer.
 */
export function compressedStream(body: ReadableStream<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let zip: ReturnType<typeof compressor> | null = null
  let done = false
  let cancelled = false
  let batch: Uint8Array[] = []
  let batchBytes = 0
  let turnQueued = false
  let hold: ReturnType<typeof setTimeout> | undefined
  let out!: ReadableStreamDefaultController<Uint8Array>

  const take = (): Buffer => {
    const bytes = Buffer.concat(batch, batchBytes)
    batch = []
    batchBytes = 0
    return bytes
  }
  const startStream = () => {
    const stream = compressor(coding)
    stream.on('data', (chunk: Buffer) => out.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
    stream.once('end', () => out.close())
    stream.once('error', (error) => out.error(error))
    return stream
  }
  // Whole within the hold and below MAX_BATCH_BYTES: compressed in one call on the spot.
  const whole = () => {
    const bytes = take()
    out.enqueue(new Uint8Array(coding === 'br' ? brotliCompressSync(bytes, { params: brotliParams(bytes.length) }) : gzipSync(bytes, { level: GZIP_LEVEL })))
    out.close()
  }
  const endOfTurn = () => {
    turnQueued = false
    if (cancelled || done || !zip) return
    if (batchBytes > 0) zip.write(take())
    zip.flush()
  }
  // The page did not end within HOLD_MS: what it gave so far goes out now, the rest turn by turn.
  const stopHolding = () => {
    hold = undefined
    if (cancelled || done || zip) return
    zip = startStream()
    if (batchBytes > 0) zip.write(take())
    zip.flush()
  }
  const pump = async () => {
    try {
      for (;;) {
        const next = await reader.read()
        if (cancelled) return
        if (next.done) {
          done = true
          clearTimeout(hold)
          if (zip) zip.end(batchBytes > 0 ? take() : undefined)
          else whole()
          return
        }
        batch.push(next.value)
        batchBytes += next.value.byteLength
        if (!zip && batchBytes >= MAX_BATCH_BYTES) {
          clearTimeout(hold)
          stopHolding()
        }
        if (!zip) {
          hold ??= setTimeout(stopHolding, HOLD_MS)
          continue
        }
        if (batchBytes >= MAX_BATCH_BYTES) zip.write(take())
        if (!turnQueued) {
          turnQueued = true
          setImmediate(endOfTurn)
        }
      }
    } catch (error) {
      clearTimeout(hold)
      if (cancelled) return
      cancelled = true
      zip?.destroy()
      out.error(error)
    }
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller
      void pump()
    },
    cancel(reason) {
      cancelled = true
      clearTimeout(hold)
      zip?.destroy()
      return reader.cancel(reason)
    },
  })
}

function brotliParams(sizeHint?: number) {
  return {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    ...(sizeHint === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
  }
}

function compressor(coding: Coding) {
  return coding === 'br' ? createBrotliCompress({ params: brotliParams() }) : createGzip({ level: GZIP_LEVEL })
}
