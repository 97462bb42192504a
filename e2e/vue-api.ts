import { createHmac, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { z } from 'zod'
import { appConfig } from '../app.config'
import { sessionExpiry } from '../src/domain/session-validity'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'

// The /vue/ API as the browser tests use it from Node, with no test runner: a login, the signed
// session cookies a login through the page would store, and the server's texts. Shared by the
// Playwright specs and the other browser engines' suite (e2e/engines/).

const loginAnswer = z.object({
  status: z.boolean(),
  messages: z.array(z.string()),
  data: z.object({ jwt: z.string(), user: z.unknown() }).optional(),
})

/** The token of a login's answer (the body as it came: parsed, not cast). */
export function tokenOf(body: unknown): string {
  return z.object({ data: z.object({ jwt: z.string() }) }).parse(body).data.jwt
}

/** POST /vue/login/ with the demo password: the token and the user the server answers. */
export async function vueLogin(origin: string, username: string): Promise<{ jwt: string; user: unknown }> {
  const response = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  })
  const answer = loginAnswer.parse(await response.json())
  if (!answer.status || !answer.data) throw new Error(`login of ${username} refused: ${answer.messages.join(' ')}`)
  return answer.data
}

export type SessionCookie = { name: string; value: string; httpOnly: true; sameSite: 'Lax'; expires: number }

/**
 * The session a login stores: the token and the user cookie signed with the server's secret
 * (`secret`: the test server's JWT_SECRET). Lasting like the server's own (until the token
 * expires), so they outlive a browser closed and opened again on the same profile.
 */
export async function sessionCookies(origin: string, username: string, secret: string): Promise<SessionCookie[]> {
  const { jwt, user } = await vueLogin(origin, username)
  return cookiesOf(jwt, user, secret)
}

function cookiesOf(jwt: string, user: unknown, secret: string): SessionCookie[] {
  const userValue = Buffer.from(JSON.stringify(user)).toString('base64url')
  const mac = createHmac('sha256', secret).update(`portal_user:${userValue}`).digest('base64url')
  const claims = z.object({ exp: z.number().optional() }).parse(JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()))
  const expires = claims.exp ?? Math.floor(Date.now() / 1000) + 3600
  return [
    { name: 'portal_session', value: jwt, httpOnly: true, sameSite: 'Lax', expires },
    { name: 'portal_user', value: `${userValue}.${mac}`, httpOnly: true, sameSite: 'Lax', expires },
  ]
}

const sessionUserAnswer = z.looseObject({ id: z.number() })

/**
 * The session of `real` switched to `target` at `switchedAtMs` (decision 055): a token signed as
 * the server signs one (HS256, `act` naming the real person, issued at the switch, valid to the
 * end of that day in the portal's zone) and the user cookie the switch stores. A switch from the
 * past, without waiting for it. `minutes`: the server's SWITCH_USER_MINUTES.
 */
export async function switchedSessionCookies(
  origin: string,
  { real, target, switchedAtMs, minutes = 60 }: { real: string; target: string; switchedAtMs: number; minutes?: number },
  secret: string,
): Promise<SessionCookie[]> {
  const realUser = sessionUserAnswer.parse((await vueLogin(origin, real)).user)
  const targetUser = sessionUserAnswer.parse((await vueLogin(origin, target)).user)
  const issuedAt = Math.floor(switchedAtMs / 1000)
  const jwt = await new SignJWT({ act: { sub: String(realUser.id) } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(targetUser.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(sessionExpiry(issuedAt * 1000, appConfig.timeZone) / 1000))
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret))
  const endsAt = new Date((issuedAt + minutes * 60) * 1000).toISOString()
  return cookiesOf(jwt, { ...targetUser, switched_by: { id: realUser.id, username: real, ends_at: endsAt, minutes } }, secret)
}

const textsAnswer = z.object({
  data: z.object({
    texts: z.array(z.object({ text: z.string() })),
    languages: z.record(z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])),
  }),
})

/** The server's vartext dictionary of `dst` and the master texts, read through the API as the translator. */
export async function serverTexts(origin: string, dst = 'fr') {
  const { jwt } = await vueLogin(origin, DEMO_ACCOUNTS.translator.username)
  const answer = await fetch(`${origin}/vue/i18n/vartext/?src=master&dst=${dst}`, { headers: { authorization: `JWT ${jwt}` } })
  const { data } = textsAnswer.parse(await answer.json())
  return { keys: data.texts.map((entry) => entry.text), master: data.languages.master?.[1] ?? {}, target: data.languages[dst]?.[1] ?? {} }
}
