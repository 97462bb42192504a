import type { Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { ApiError, badRequest, tooLarge, type LocalizedText } from '../endpoint/errors.server'

// Reads a JSON body with a size cap, so an oversized request is refused before it is held
// in memory, and malformed JSON is a clear 400. A body must be declared JSON: text/plain, a
// form or no type at all is what another site's page can send without a CORS preflight
// (a cross-site login attempt), so it is a 415 (an empty body is nothing to accept).
export async function readJsonBody(
  request: Request,
  limitBytes: number,
  refusal: LocalizedText = (locale) => m.error_json_expected({}, { locale }),
): Promise<unknown> {
  const declaredJson = isJsonType(request.headers.get('content-type'))
  const text = await readTextCapped(request, limitBytes)
  if (text.trim() === '') return undefined
  if (!declaredJson) throw new ApiError(415, [refusal])
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest((locale) => m.error_body_malformed({}, { locale }))
  }
}

/**
 * Reads a multipart/form-data body with a size cap into a plain object of its fields (files
 * as File), for the endpoint's body schema. Anything else is a 415.
 */
export async function readMultipartBody(request: Request, limitBytes: number): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(415, [(locale) => m.error_multipart_expected({}, { locale })])
  }
  const bytes = await readBytesCapped(request, limitBytes)
  let form: FormData
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData()
  } catch {
    throw badRequest((locale) => m.error_multipart_malformed({}, { locale }))
  }
  const fields: Record<string, unknown> = {}
  for (const [name, value] of form.entries()) fields[name] = value
  return fields
}

/**
 * A body that may be JSON or a form (endpoints with `form`: the legacy front end posts form
 * fields): application/x-www-form-urlencoded and multipart/form-data become an object of their
 * text fields (a field given twice becomes a list, which no field schema accepts), within the
 * same size cap. Anything else that is not JSON is a 415 naming all three.
 */
export async function readJsonOrFormBody(request: Request, limitBytes: number): Promise<unknown> {
  const type = mediaType(request.headers.get('content-type'))
  if (type === 'multipart/form-data') return readMultipartBody(request, limitBytes)
  if (type !== 'application/x-www-form-urlencoded') return readJsonBody(request, limitBytes, (locale) => m.error_json_or_form_expected({}, { locale }))
  const text = await readTextCapped(request, limitBytes)
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const before = fields[name]
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]
  }
  return fields
}

function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/** application/json or any application/…+json, with or without parameters. */
function isJsonType(header: string | null): boolean {
  const type = mediaType(header)
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)
}

async function readTextCapped(request: Request, limitBytes: number): Promise<string> {
  return (await readBytesCapped(request, limitBytes)).toString('utf8')
}

async function readBytesCapped(request: Request, limitBytes: number): Promise<Buffer> {
  const tooBig = () => tooLarge((locale) => m.error_body_too_large({ limit: formatBytes(limitBytes, locale) }, { locale }))
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > limitBytes) throw tooBig()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      // Released, not cancelled: cancelling would close the connection before the 413 reaches
      // the client (spool.server.ts says more).
      reader.releaseLock()
      throw tooBig()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** A size limit in the caller's language: 50.00 MB, 50,00 MB. */
export function formatBytes(bytes: number, locale: Locale): string {
  if (bytes < 1_048_576) return `${Math.round(bytes / 1024)} KB`
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1_048_576)} MB`
}
