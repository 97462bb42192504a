import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { userTokens, type TokenPurpose } from '../db/schema/index'
import type { Db } from '../db/types'

// Mailed one-time tokens (decision 030): 32 random bytes as base64url in the link, only their
// SHA-256 in the database (a leaked table grants nothing), single use, with an expiry per
// purpose; a new token of the same purpose ends the user's older ones (a resend voids the old link).
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  register_company: 7 * 24 * 60 * 60 * 1000,
  activation: 7 * 24 * 60 * 60 * 1000,
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function issueOneTimeToken(tx: Db, userId: number, purpose: TokenPurpose, nowMs: number): Promise<string> {
  const now = new Date(nowMs)
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
  const token = randomBytes(32).toString('base64url')
  await tx.insert(userTokens).values({ tokenHash: digest(token), userId, purpose, expiresAt: new Date(nowMs + TOKEN_LIFETIME_MS[purpose]) })
  return token
}

export type TokenProblem = 'unknown' | 'used' | 'expired'
export type TokenCheck = { ok: true; tokenId: number; userId: number } | { ok: false; problem: TokenProblem }

/** What a token from a link is: a user's live token of this purpose (or one of these), or why not. Changes nothing. */
export async function readOneTimeToken(db: Db, token: string, purpose: TokenPurpose | ReadonlyArray<TokenPurpose>, nowMs: number): Promise<TokenCheck> {
  const purposes: ReadonlyArray<TokenPurpose> = typeof purpose === 'string' ? [purpose] : purpose
  if (!TOKEN_SHAPE.test(token)) return { ok: false, problem: 'unknown' }
  const [row] = await db
    .select({ id: userTokens.id, userId: userTokens.userId, purpose: userTokens.purpose, expiresAt: userTokens.expiresAt, usedAt: userTokens.usedAt })
    .from(userTokens)
    .where(eq(userTokens.tokenHash, digest(token)))
    .limit(1)
  if (!row || !purposes.includes(row.purpose)) return { ok: false, problem: 'unknown' }
  if (row.usedAt !== null) return { ok: false, problem: 'used' }
  if (row.expiresAt.getTime() <= nowMs) return { ok: false, problem: 'expired' }
  return { ok: true, tokenId: row.id, userId: row.userId }
}

/** Marks the token used; false when another request used it first (single use under concurrency). */
export async function spendOneTimeToken(tx: Db, tokenId: number, nowMs: number): Promise<boolean> {
  const spent = await tx
    .update(userTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id })
  return spent.length === 1
}
