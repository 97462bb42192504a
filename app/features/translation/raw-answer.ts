import type { FetchResult } from './use-kept-document'

// Reads a raw server-function answer (translation.functions.ts rawAnswer): the /vue/ envelope
// as JSON with its HTTP code in x-vue-status. The data is the server's own schema-checked
// answer; only the envelope's shape is checked here, so 100,000 entries are not parsed twice.
export async function readRawAnswer<T>(response: Response): Promise<FetchResult<T>> {
  const vueStatus = Number(response.headers.get('x-vue-status') ?? response.status)
  const body = (await response.json()) as { status?: unknown; messages?: unknown; data?: unknown }
  if (vueStatus === 401) return { kind: 'login' }
  if (body.status === true && typeof body.data === 'object' && body.data !== null) return { kind: 'ok', data: body.data as T }
  const messages = Array.isArray(body.messages) ? body.messages.filter((message): message is string => typeof message === 'string') : []
  return { kind: 'refused', messages }
}
