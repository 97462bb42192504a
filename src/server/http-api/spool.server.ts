import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { once } from 'node:events'
import { finished, pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import type { SpooledFile } from '../../contract/endpoint'
import { m } from '../../paraglide/messages'
import { ApiError, badRequest, tooLarge } from '../endpoint/errors.server'
import { formatBytes } from './body.server'
import { spoolRoot } from './spool-root.server'

// Streams a multipart/form-data body to disk as it arrives: each file goes to a temporary
// file (so a 50 MB price list is never held in memory), text fields are kept as strings.
// The caller deletes the folder with `discard` when the handler is done.
export type Spooled = { fields: Record<string, string | SpooledFile>; discard: () => Promise<void> }

const MAX_FIELDS = 20

export async function spoolMultipartBody(request: Request, limitBytes: number): Promise<Spooled> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(415, [(locale) => m.error_multipart_expected({}, { locale })])
  }
  const tooBig = () => tooLarge((locale) => m.error_body_too_large({ limit: formatBytes(limitBytes, locale) }, { locale }))
  const declared = Number(request.headers.get('content-length') ?? '0')
  // The multipart framing adds a little to the file, so the declared length may exceed the
  // limit by a few KB; the file itself is measured below.
  if (Number.isFinite(declared) && declared > limitBytes + 64 * 1024) throw tooBig()
  if (!request.body) throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))

  await mkdir(spoolRoot(), { recursive: true })
  const folder = await mkdtemp(join(spoolRoot(), 'upload-'))
  const discard = () => rm(folder, { recursive: true, force: true })
  const fields: Record<string, string | SpooledFile> = {}
  try {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: { 'content-type': type }, limits: { fileSize: limitBytes, files: 4, fields: MAX_FIELDS, fieldSize: 64 * 1024 } })
    } catch {
      throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))
    }
    const writes: Array<Promise<void>> = []
    let overLimit = false
    let count = 0
    parser.on('file', (name, stream, info) => {
      count += 1
      const path = join(folder, `file-${count}`)
      const file: SpooledFile = { path, name: info.filename ?? name, type: info.mimeType, size: 0 }
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length
      })
      stream.on('limit', () => {
        overLimit = true
      })
      fields[name] = file
      writes.push(pipeline(stream, createWriteStream(path)))
    })
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    const parsed = finished(parser)
    parsed.catch(() => undefined) // awaited below; an early failure must not go unhandled meanwhile
    const reader = request.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        if (!parser.write(value)) await Promise.race([once(parser, 'drain'), parsed])
        // Past the limit nothing more is read: the answer goes out now, not after the rest of a
        // 100 MB body (decision 017). The reader is released, not cancelled — cancelling would close
        // the connection before the 413 reaches the client; the HTTP server reads the rest of the
        // body and drops it, a chunk at a time.
        if (overLimit) break
      }
    } catch {
      if (!overLimit) throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))
    } finally {
      reader.releaseLock()
    }
    if (overLimit) {
      parser.destroy()
      await Promise.allSettled([parsed, ...writes])
      throw tooBig()
    }
    parser.end()
    try {
      await parsed
      await Promise.all(writes)
    } catch {
      throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))
    }
    return { fields, discard }
  } catch (error) {
    await discard()
    throw error
  }
}
