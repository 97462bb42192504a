import { m } from '../../paraglide/messages'
import { badRequest, tooLarge } from './errors.server'

// Reads a JSON body with a size cap, so an oversized request is refused before it is held
// in memory, and malformed JSON is a clear 400.
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const text = await readTextCapped(request, limitBytes)
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest((locale) => m.error_body_malformed({}, { locale }))
  }
}

async function readTextCapped(request: Request, limitBytes: number): Promise<string> {
  const tooBig = () => tooLarge((locale) => m.error_body_too_large({ limit: formatBytes(limitBytes) }, { locale }))
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > limitBytes) throw tooBig()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel()
      throw tooBig()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(2)} MB` : `${Math.round(bytes / 1024)} KB`
}
