import { z } from 'zod'
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect } from './fixtures'

// A /vue/ call to a built server of a test's own (no browser): the envelope, its HTTP status
// and headers. A body is JSON, or multipart when it is a FormData. English messages.
const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

export type VueAnswer = z.infer<typeof envelope> & { http: number; headers: Headers }

export async function vueCall(origin: string, method: string, path: string, token?: string, body?: FormData | object): Promise<VueAnswer> {
  const headers: Record<string, string> = { 'accept-language': 'en' }
  if (token) headers.authorization = `Bearer ${token}`
  let payload: FormData | string | undefined
  if (body instanceof FormData) payload = body
  else if (body) {
    payload = JSON.stringify(body)
    headers['content-type'] = 'application/json'
  }
  const response = await fetch(`${origin}${path}`, { method, headers, body: payload })
  return { http: response.status, headers: response.headers, ...envelope.parse(await response.json()) }
}

/** Logs in (the demo password unless given) and answers the token. */
export async function signIn(origin: string, username: string, password: string = DEMO_PASSWORD): Promise<string> {
  const answer = await vueCall(origin, 'POST', '/vue/login/', undefined, { username, password })
  expect(answer.http, answer.messages.join()).toBe(200)
  return z.object({ jwt: z.string() }).parse(answer.data).jwt
}
