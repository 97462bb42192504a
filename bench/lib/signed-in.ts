// A signed-in browser's cookies for benchmarks that load server-rendered pages: the token from
// POST /vue/login/, the signed user cookie the login form stores (signed with the server's
// JWT_SECRET, which the benchmark sets — see BENCH_JWT_SECRET) and the screen cookie the login
// page wrote on a desktop screen (docs/decisions/062-screen-hint.md), as a browser that signed in
// through the form sends them.
import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { SCREEN_COOKIE, SCREEN_QUERIES } from '../../app/ui/screen-queries'

/** The screen cookie of a desktop (every screen query matches). */
export const DESKTOP_SCREEN = `${SCREEN_COOKIE}=${'1'.repeat(SCREEN_QUERIES.length)}`

export const BENCH_JWT_SECRET = 'bench-only-signing-secret-0123456789-abcdefghij'

const login = z.object({ data: z.object({ jwt: z.string(), user: z.unknown() }) })

export type SignedIn = { token: string; cookie: string }

export async function signedIn(origin: string, account: keyof typeof DEMO_ACCOUNTS): Promise<SignedIn> {
  const response = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS[account].username, password: DEMO_PASSWORD }),
  })
  const { jwt, user } = login.parse(await response.json()).data
  const shown = Buffer.from(JSON.stringify(user)).toString('base64url')
  const mac = createHmac('sha256', BENCH_JWT_SECRET).update(`portal_user:${shown}`).digest('base64url')
  return { token: jwt, cookie: `portal_session=${jwt}; portal_user=${shown}.${mac}; ${DESKTOP_SCREEN}` }
}
