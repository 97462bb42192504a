import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
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
  const tooBig = () => tooLarge((locale) => m.error_body_too_large({ limit: formatBytes(limitBytes) }, { locale }))
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
    try {
      await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
      await Promise.all(writes)
    } catch {
      if (overLimit) throw tooBig()
      throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))
    }
    if (overLimit) throw tooBig()
    return { fields, discard }
  } catch (error) {
    await discard()
    throw error
  }
}
