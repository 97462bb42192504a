import fc from 'fast-check'
import { SignJWT, base64url } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// 1,000 mutated tokens (decision 034): none is accepted. Bit flips of a real token, other
// algorithms (none, HS384, HS512, RS256 named with an HMAC signature), a foreign key, exp / nbf /
// iat games, subjects that name no user, missing and extra parts. Each gets 401 with a message.
const TOKENS = Number(process.env.FUZZ_TOKENS ?? 1_000)
const SEED = Number(process.env.FUZZ_SEED ?? 27)
const secret = new TextEncoder().encode(process.env.JWT_SECRET)
const foreign = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256')
const { staff } = DEMO_ACCOUNTS
const path = `/vue/company/${staff.companyId}/info/`

let api: TestApi
let real: string

beforeAll(async () => {
  api = await startApi()
  real = await api.loginAs(staff.username)
})
afterAll(() => api.close())

const encode = (value: unknown) => base64url.encode(JSON.stringify(value))
const now = () => Math.floor(Date.now() / 1000)

/** A token whose parts are made by hand: header, claims, and a signature (or none). */
function handMade(header: object, claims: object, signature: string): string {
  return `${encode(header)}.${encode(claims)}.${signature}`
}

async function signed(claims: Record<string, unknown>, key: Uint8Array, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key)
}

const sub = String(staff.userId)
const fine = () => ({ sub, iat: now(), exp: now() + 600 })

const mutated: fc.Arbitrary<() => Promise<string>> = fc.oneof(
  // One character of the real token changed (a bit flip in its base64url text).
  fc.tuple(fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ')).map(([at, char]) => async () => {
    const position = at % real.length
    const replaced = `${real.slice(0, position)}${char}${real.slice(position + 1)}`
    return replaced === real ? `${real}x` : replaced
  }),
  // Other algorithms, a foreign key, no signature.
  fc.constantFrom(
    async () => handMade({ alg: 'none', typ: 'JWT' }, fine(), ''),
    async () => handMade({ alg: 'none' }, fine(), real.split('.')[2] ?? ''),
    async () => signed(fine(), secret, 'HS384'),
    async () => signed(fine(), secret, 'HS512'),
    async () => handMade({ alg: 'RS256', typ: 'JWT' }, fine(), real.split('.')[2] ?? ''),
    async () => signed(fine(), foreign),
    async () => `${real.split('.').slice(0, 2).join('.')}.`,
    async () => real.split('.').slice(0, 2).join('.'),
    async () => `${real}.${real.split('.')[2]}`,
    async () => '',
    async () => '...',
    async () => 'a.b.c',
  ),
  // The right key, but times that never hold: expired, not yet valid, issued tomorrow or yesterday.
  fc
    .record({
      exp: fc.integer({ min: -400_000, max: -1 }),
      nbf: fc.integer({ min: 60, max: 400_000 }),
      iat: fc.oneof(fc.integer({ min: 3_600, max: 400_000 }), fc.integer({ min: -400_000, max: -90_000 })),
      pick: fc.constantFrom('exp', 'nbf', 'iat'),
    })
    .map(({ exp, nbf, iat, pick }) => async () => {
      const claims: Record<string, unknown> = fine()
      if (pick === 'exp') claims.exp = now() + exp
      if (pick === 'nbf') claims.nbf = now() + nbf
      if (pick === 'iat') claims.iat = now() + iat
      return signed(claims, secret)
    }),
  // The right key, but a subject that names no user of this portal.
  fc
    .oneof(
      fc.constantFrom('1e30', '9'.repeat(400), '-1', '0', '1.5', '0x1', ' 1', '', 'staff', '١'),
      fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
      fc.constantFrom<unknown>(1, null, true, [1], { id: 1 }),
    )
    .map((subject) => async () => signed({ ...fine(), sub: subject }, secret)),
  // The right key, claims missing.
  fc.constantFrom('sub', 'iat', 'exp').map((missing) => async () => {
    const claims: Record<string, unknown> = fine()
    delete claims[missing]
    return signed(claims, secret)
  }),
)

describe(`${TOKENS.toLocaleString('en')} mutated tokens`, () => {
  it('are all refused with 401 and a message', { timeout: 120_000 }, async () => {
    let refused = 0
    await fc.assert(
      fc.asyncProperty(mutated, fc.constantFrom('JWT', 'Bearer'), async (make, scheme) => {
        const token = await make()
        const result = await api.request('GET', path, { authorization: `${scheme} ${token}` })
        expect(result.httpStatus, `accepted: ${token.slice(0, 120)}`).toBe(401)
        expect(result.messages.length).toBeGreaterThan(0)
        refused += 1
      }),
      { numRuns: TOKENS, seed: SEED },
    )
    expect(refused).toBe(TOKENS)
    // The real token still works: the refusals were the mutations, not the setup.
    expect((await api.request('GET', path, { token: real })).httpStatus).toBe(200)
  })
})
