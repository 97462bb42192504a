import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose'
import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { parseRecordId } from '../../contract/record-id'
import { sessionExpiry } from '../../domain/session-validity'
import { ReadCache } from '../cache/read-cache.server'
import { env } from '../env.server'
import { signingKeys, signingSecret, type SigningKeys } from './secret.server'

// Signed session tokens: HS256 only (allow-listed), valid on the calendar day of issue and
// for under 24 hours. `act` names the real person when a user was switched to.
const ALGORITHM = 'HS256'

// A subject that names no user id (1e30, 400 digits) is an invalid token, never a database
// error: the id must fit the users table's int4 key.
const userIdClaim = z.string().refine((value) => parseRecordId(value) !== null)

const claimsSchema = z.object({
  sub: userIdClaim,
  iat: z.number().int(),
  exp: z.number().int(),
  // RFC 8693 actor claim: who is really acting while switched to another user.
  act: z.object({ sub: userIdClaim }).optional(),
  // The session the token belongs to (decision 056); tokens from before sessions have none.
  sid: z.uuid().optional(),
})

export type TokenClaims = { userId: number; issuedAtMs: number; actorUserId: number | null; sessionId: string | null }

export type TokenProblem = 'invalid' | 'expired'

export function portalTimeZone(): string {
  return env().PORTAL_TIME_ZONE ?? appConfig.timeZone
}

export async function issueToken(
  subject: { userId: number; actorUserId?: number | null; sessionId?: string | null },
  nowMs: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000)
  const expiresAt = Math.floor(sessionExpiry(issuedAt * 1000, portalTimeZone()) / 1000)
  const payload = {
    ...(subject.actorUserId ? { act: { sub: String(subject.actorUserId) } } : {}),
    ...(subject.sessionId ? { sid: subject.sessionId } : {}),
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(signingSecret())
}

// jose verifies through WebCrypto (~0.25 ms and a hop to the thread pool); a token's signature
// is checked once and its claims (parsed) kept for a minute under the exact token string. That
// is a pure function of the token and the secrets, not data that changes: it stays on with
// READ_CACHE_TTL_MS=0 (decision 024), and is dropped when the secrets are read anew (a
// rotation, decision 043). Times are checked on every call.
const SIGNATURE_TTL_MS = 60_000
// validUntilMs: the end of the token's session (its `exp`, the end of its calendar day, 24 hours),
// worked out once with the signature; each call then only compares the time. acceptedUntilMs:
// when the secret that signed it stops being accepted (the previous one's end of grace).
type Verified =
  | { userId: number; issuedAtMs: number; validUntilMs: number; acceptedUntilMs: number; actorUserId: number | null; sessionId: string | null }
  | 'expired'
  | 'invalid'
let verified: ReadCache<string, Verified> | undefined
let verifiedWith: SigningKeys | undefined

async function verifySignature(token: string, nowMs: number): Promise<Verified> {
  const keys = signingKeys()
  if (keys !== verifiedWith) verified = undefined
  verifiedWith = keys
  verified ??= new ReadCache(SIGNATURE_TTL_MS)
  return verified.load(token, nowMs, async () => {
    if (!isCanonical(token)) return 'invalid'
    const signed = await verifyWithAccepted(token, keys, nowMs)
    if (signed === 'expired' || signed === 'invalid') return signed
    const claims = claimsSchema.safeParse(signed.payload)
    if (!claims.success) return 'invalid'
    const { sub, iat, exp, act, sid } = claims.data
    const issuedAtMs = iat * 1000
    // isSessionValid holds from the issue up to sessionExpiry (exclusive), and never before it.
    const validUntilMs = Math.min(exp * 1000, sessionExpiry(issuedAtMs, portalTimeZone()))
    return {
      userId: Number(sub),
      issuedAtMs,
      validUntilMs,
      acceptedUntilMs: signed.acceptedUntilMs,
      actorUserId: act ? Number(act.sub) : null,
      sessionId: sid ?? null,
    }
  })
}

/** The current secret first, then the previous one while its grace lasts. */
async function verifyWithAccepted(
  token: string,
  keys: SigningKeys,
  nowMs: number,
): Promise<{ payload: JWTPayload; acceptedUntilMs: number } | 'expired' | 'invalid'> {
  const candidates = [{ key: keys.current, untilMs: Number.POSITIVE_INFINITY }]
  if (keys.previous && nowMs < keys.previous.untilMs) candidates.push(keys.previous)
  for (const { key, untilMs } of candidates) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: new Date(nowMs) })
      return { payload, acceptedUntilMs: untilMs }
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) continue
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid'
    }
  }
  return 'invalid'
}

/**
 * Each of the three parts in the one base64url spelling of its bytes. The last character of a
 * part carries bits its bytes do not use; jose decodes four spellings of it to the same
 * signature, so a token changed there would still verify. Only the token as issued is one.
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.')
  return parts.length === 3 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part)
}

export async function readToken(token: string, nowMs: number = Date.now()): Promise<{ ok: true; claims: TokenClaims } | { ok: false; problem: TokenProblem }> {
  const read = await verifySignature(token, nowMs)
  if (read === 'expired' || read === 'invalid') return { ok: false, problem: read }
  const { userId, issuedAtMs, validUntilMs, acceptedUntilMs, actorUserId, sessionId } = read
  if (nowMs >= acceptedUntilMs) return { ok: false, problem: 'invalid' }
  if (nowMs < issuedAtMs || nowMs >= validUntilMs) return { ok: false, problem: 'expired' }
  return { ok: true, claims: { userId, issuedAtMs, actorUserId, sessionId } }
}

/** The HttpOnly cookie in which the browser keeps its token (the UI's session; decision 029 reads it for documents). */
export const SESSION_COOKIE = 'portal_session'

/** The token of an `Authorization: JWT <token>` or `Bearer <token>` header. */
export function tokenFromHeader(header: string | null): string | null {
  if (!header) return null
  const match = /^(?:JWT|Bearer)\s+([A-Za-z0-9._-]+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
