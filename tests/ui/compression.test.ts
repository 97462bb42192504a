import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chosenCoding, compressedStream, withCompression } from '../../app/request/compression.server'

// Pages and server-function answers are compressed for clients that accept it (decision 035:
// the companies page's 81 KB of HTML on a phone's connection), and stream as before.
const PAGE = `<!DOCTYPE html><html><body>${'<div class="d_flex gap_2 px_3">Möbel – Türen 😀</div>'.repeat(400)}</body></html>`

function page(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }, status = 200): Response {
  return new Response(body, { status, headers })
}

function get(acceptEncoding?: string, method = 'GET'): Request {
  return new Request('http://portal.test/companies/1', { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })
}

describe('the coding a client accepts', () => {
  it.each([
    [null, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0.5, gzip;q=0.6', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0.1, gzip;q=0', 'br'],
    ['gzip;q=abc, br;q=0', null],
    ['GZIP ; Q=0.7', 'gzip'],
    [',,; ,', null],
  ])('%j → %j', (header, coding) => {
    expect(chosenCoding(header)).toBe(coding)
  })

  it('never throws on any header (generated)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect([null, 'br', 'gzip']).toContain(chosenCoding(header))
      }),
      { seed: 28, numRuns: 500 },
    )
  })
})

describe('a page answer', () => {
  it('is brotli for a browser, with Vary and without a length, and decodes to the page', async () => {
    const answer = withCompression(
      get('gzip, deflate, br'),
      page(PAGE, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(PAGE)) }),
    )
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('vary')).toBe('Accept-Encoding')
    expect(answer.headers.get('content-length')).toBeNull()
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect(bytes.length).toBeLessThan(Buffer.byteLength(PAGE) / 10)
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(PAGE)
  })

  it.each(['gzip', 'br'])('decodes to a short page too (compressed on the spot, %s)', async (coding) => {
    const short = PAGE.slice(0, 3000)
    const answer = withCompression(get(coding), page(short))
    expect(answer.headers.get('content-encoding')).toBe(coding)
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect((coding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8')).toBe(short)
  })

  it('is brotli for a client that takes only brotli', async () => {
    const answer = withCompression(get('br'), page(PAGE))
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')).toBe(PAGE)
  })

  it('is as it was for a client that accepts no coding, a HEAD, a small body, a non-text or an encoded body', async () => {
    const plain = withCompression(get(), page(PAGE))
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(PAGE)
    expect(withCompression(get('br', 'HEAD'), page(null)).headers.get('content-encoding')).toBeNull()
    expect(withCompression(get('br'), page('<p>hi</p>', { 'content-type': 'text/html', 'content-length': '9' })).headers.get('content-encoding')).toBeNull()
    expect(withCompression(get('br'), page(null, { 'content-type': 'text/html' }, 304)).headers.get('content-encoding')).toBeNull()
    const png = page(new Uint8Array(4096), { 'content-type': 'image/png' })
    expect(withCompression(get('br'), png)).toBe(png)
    const logo = page(PAGE, { 'content-type': 'image/svg+xml', etag: '"v1"' })
    expect(withCompression(get('br'), logo)).toBe(logo)
    const gzipped = page(PAGE, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    expect(withCompression(get('br'), gzipped)).toBe(gzipped)
  })

  it('compresses server-function answers (JSON and framed) and keeps status and headers', async () => {
    for (const type of ['application/json', 'application/x-tss-framed; v=1']) {
      const answer = withCompression(get('gzip;q=0.5, br'), page(PAGE, { 'content-type': type, 'x-vue-status': '409' }, 409))
      expect(answer.status).toBe(409)
      expect(answer.headers.get('x-vue-status')).toBe('409')
      expect(answer.headers.get('content-encoding')).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')).toBe(PAGE)
    }
  })
})

describe('the compressed stream', () => {
  it.each(['br', 'gzip'] as const)('gives the shell to the client before the rest of the page is rendered (%s)', async (coding) => {
    // The page's stream sends its shell, then waits (data still loading) until told to go on.
    let release!: () => void
    const rest = new Promise<void>((resolve) => (release = resolve))
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('<html><body><h1>Firmen</h1>'))
        await rest
        controller.enqueue(new TextEncoder().encode('<p>the rest</p></body></html>'))
        controller.close()
      },
    })
    const decoder = coding === 'br' ? createBrotliDecompress() : createGunzip()
    let seen = ''
    decoder.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')))
    const reader = compressedStream(source, coding).getReader()
    // Bytes arrive and decode to the whole shell while the source still waits.
    while (!seen.includes('<h1>Firmen</h1>')) {
      const { value, done } = await reader.read()
      expect(done).toBe(false)
      await new Promise((resolve) => decoder.write(value, resolve))
    }
    expect(seen).not.toContain('the rest')
    release()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      decoder.write(value)
    }
    await new Promise((resolve) => decoder.end(resolve))
    expect(seen).toBe('<html><body><h1>Firmen</h1><p>the rest</p></body></html>')
  })

  it.each(['br', 'gzip'] as const)('sends a page that is whole within a moment as one compressed piece, however many turns it took (%s)', async (coding) => {
    const bytes = new TextEncoder().encode(PAGE)
    let at = 0
    const source = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setImmediate(resolve))
        if (at >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(at, at + 2048))
        at += 2048
      },
    })
    const pieces: Uint8Array[] = []
    const reader = compressedStream(source, coding).getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value)
    expect(pieces).toHaveLength(1)
    const whole = Buffer.from(pieces[0]!)
    expect((coding === 'br' ? brotliDecompressSync(whole) : gunzipSync(whole)).toString('utf8')).toBe(PAGE)
  })

  it('decodes to the same bytes however the page is cut (generated)', async () => {
    const bytes = new TextEncoder().encode(PAGE)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 20 }),
        fc.constantFrom('br' as const, 'gzip' as const),
        async (cuts, coding) => {
          const at = [0, ...cuts.sort((x, y) => x - y), bytes.length]
          const source = new ReadableStream<Uint8Array>({
            async pull(controller) {
              const start = at.shift()
              const end = at[0]
              if (start === undefined || end === undefined) return controller.close()
              await new Promise((resolve) => setImmediate(resolve))
              controller.enqueue(bytes.slice(start, end))
            },
          })
          const out = Buffer.from(await new Response(compressedStream(source, coding)).arrayBuffer())
          const text = (coding === 'br' ? brotliDecompressSync(out) : gunzipSync(out)).toString('utf8')
          expect(text).toBe(PAGE)
        },
      ),
      { seed: 28, numRuns: 60 },
    )
  })

  it.each(['br', 'gzip'] as const)('decodes to a long answer whether it comes in one turn or in many (%s)', async (coding) => {
    // 640 KB: past the size compressed on the spot, and past one write to the compressor.
    const long = new TextEncoder().encode(PAGE.repeat(16))
    const pieces = Array.from({ length: 40 }, (_, i) => long.slice((i * long.length) / 40, ((i + 1) * long.length) / 40))
    const oneTurn = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece)
        controller.close()
      },
    })
    let next = 0
    const manyTurns = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setImmediate(resolve))
        const piece = pieces[next++]
        if (piece) controller.enqueue(piece)
        else controller.close()
      },
    })
    for (const source of [oneTurn, manyTurns]) {
      const out = Buffer.from(await new Response(compressedStream(source, coding)).arrayBuffer())
      const decoded = coding === 'br' ? brotliDecompressSync(out) : gunzipSync(out)
      expect(decoded.equals(Buffer.from(long))).toBe(true)
    }
  })

  it('ends in an error, not a hang, when the page fails half way', async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<html>'))
        setTimeout(() => controller.error(new Error('render failed')), 5)
      },
    })
    await expect(new Response(compressedStream(source, 'br')).arrayBuffer()).rejects.toThrow('render failed')
  })

  it('lets go of the page when the client leaves', async () => {
    let cancelled: unknown
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('<div>row</div>'))
        return new Promise((resolve) => setTimeout(resolve, 5))
      },
      cancel(reason) {
        cancelled = reason
      },
    })
    const reader = compressedStream(source, 'gzip').getReader()
    await reader.read()
    await reader.cancel('client left')
    expect(cancelled).toBe('client left')
  })
})

describe('COMPRESS_PAGES', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('is on by default, off with 0 or false, and anything else is refused at start-up by name', async () => {
    const read = async (value: string | undefined) => {
      vi.resetModules()
      vi.stubEnv('COMPRESS_PAGES', value)
      const { env } = await import('../../src/server/env.server')
      return () => env().COMPRESS_PAGES
    }
    expect((await read(undefined))()).toBe(true)
    expect((await read('1'))()).toBe(true)
    expect((await read('0'))()).toBe(false)
    expect((await read('false'))()).toBe(false)
    expect(await read('maybe')).toThrow(/COMPRESS_PAGES: .*"0"\|"1"\|"true"\|"false"/)
  })
})
