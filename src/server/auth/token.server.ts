import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors } from 'jose'
import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { isSessionValid, sessionExpiry } from '../../domain/session-validity'
import { env } from '../env.server'
import { signingSecret } from './secret.server'

// Signed session tokens: HS256 only (allow-listed), valid on the calendar day of issue and
// for under 24 hours. `act` names the real person when a user was switched to.
const ALGORITHM = 'HS256'

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  iat: z.number().int(),
  exp: z.number().int(),
  act: z.number().int().positive().optional(),
})

export type TokenClaims = { userId: number; issuedAtMs: number; actorUserId: number | null }

export type TokenProblem = 'invalid' | 'expired'

export function portalTimeZone(): string {
  return env().PORTAL_TIME_ZONE ?? appConfig.timeZone
}

export async function issueToken(
  subject: { userId: number; actorUserId?: number | null },
  nowMs: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000)
  const expiresAt = Math.floor(sessionExpiry(issuedAt * 1000, portalTimeZone()) / 1000)
  const payload = subject.actorUserId ? { act: subject.actorUserId } : {}
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(signingSecret())
}

export async function readToken(
  token: string,
  nowMs: number = Date.now(),
): Promise<{ ok: true; claims: TokenClaims } | { ok: false; problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, signingSecret(), {
      algorithms: [ALGORITHM],
      currentDate: new Date(nowMs),
    })
    const claims = claimsSchema.safeParse(payload)
    if (!claims.success) return { ok: false, problem: 'invalid' }
    const issuedAtMs = claims.data.iat * 1000
    if (!isSessionValid(issuedAtMs, nowMs, portalTimeZone())) return { ok: false, problem: 'expired' }
    return {
      ok: true,
      claims: { userId: Number(claims.data.sub), issuedAtMs, actorUserId: claims.data.act ?? null },
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, problem: 'expired' }
    return { ok: false, problem: 'invalid' }
  }
}

/** The token of an `Authorization: JWT <token>` or `Bearer <token>` header. */
export function tokenFromHeader(header: string | null): string | null {
  if (!header) return null
  const match = /^(?:JWT|Bearer)\s+([A-Za-z0-9._-]+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
