import { z } from 'zod'
import type { FetchResult } from './use-kept-document'

// Reads a raw server-function answer (translation.functions.ts rawAnswer): the /vue/ envelope
// as JSON with its HTTP code in x-vue-status. Its data is parsed with the endpoint's schema
// before anything keeps it (parse at every edge, docs/architecture.md); an answer that does not
// fit is an unreadable one, like an answer that is not JSON.
const rawEnvelope = z.object({ status: z.unknown(), messages: z.unknown(), data: z.unknown() })

export async function readRawAnswer<T>(response: Response, schema: z.ZodType<T>): Promise<FetchResult<T>> {
  const vueStatus = Number(response.headers.get('x-vue-status') ?? response.status)
  const body = rawEnvelope.parse(await response.json())
  if (vueStatus === 401) return { kind: 'login' }
  if (body.status === true && typeof body.data === 'object' && body.data !== null) return { kind: 'ok', data: schema.parse(body.data) }
  const messages = Array.isArray(body.messages) ? body.messages.filter((message): message is string => typeof message === 'string') : []
  return { kind: 'refused', messages }
}
