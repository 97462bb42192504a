import { createHash, randomBytes } from 'node:crypto'
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { RECOVERY_CODE_COUNT } from '../../contract/second-factor'
import { userRecoveryCodes, userSecondFactors, type UserSecondFactor } from '../db/schema/index'
import type { Db } from '../db/types'

// TOTP and recovery codes (decision 054). RFC 6238 as every authenticator app reads it: SHA-1,
// 6 digits, 30 s; a code of the step before or after is taken too (clocks drift, typing takes
// time), and each step at most once per user.
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
const WINDOW = 1
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URL an authenticator app reads (from a QR code): the portal's name and the user's e-mail. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({ ...TOTP_SETTINGS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString()
}

/** The time step a code is valid for, when it fits the secret within the window; null otherwise. */
function stepOf(secret: string, code: string, nowMs: number): number | null {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) })
  const delta = totp.validate({ token: code, timestamp: nowMs, window: WINDOW })
  return delta === null ? null : totp.counter({ timestamp: nowMs }) + delta
}

/**
 * Takes a TOTP code for the user's second factor (pending or enabled): true when it fits and its
 * step is newer than every step taken before. One conditional update, so two requests racing
 * with the same code cannot both pass.
 */
export async function acceptTotp(db: Db, factor: UserSecondFactor, code: string, nowMs: number): Promise<boolean> {
  const step = stepOf(factor.secret, code, nowMs)
  if (step === null) return false
  const taken = await db
    .update(userSecondFactors)
    .set({ lastTimeStep: step })
    .where(
      and(
        eq(userSecondFactors.userId, factor.userId),
        eq(userSecondFactors.secret, factor.secret),
        or(isNull(userSecondFactors.lastTimeStep), lt(userSecondFactors.lastTimeStep, step)),
      ),
    )
    .returning({ userId: userSecondFactors.userId })
  return taken.length > 0
}

/** The user's second factor row, pending or enabled; undefined without one. */
export async function secondFactorOf(db: Db, userId: number): Promise<UserSecondFactor | undefined> {
  const [factor] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId)).limit(1)
  return factor
}

/** A recovery code as shown: four groups of four base32 letters and digits (80 random bits). */
function newRecoveryCode(): string {
  const bytes = randomBytes(16)
  const letters = [...bytes].map((byte) => BASE32[byte % 32]).join('')
  return letters.match(/.{4}/g)?.join('-') ?? letters
}

function normalized(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase()
}

// SHA-256, not argon2: a recovery code carries 80 random bits, so a hash that is slow to guess
// against adds nothing, and a plain digest can be looked up by index (decision 054).
function recoveryHash(code: string): string {
  return createHash('sha256').update(normalized(code)).digest('hex')
}

/** Replaces the user's recovery codes with new ones; answers them as shown (stored only hashed). */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })))
  return codes
}

/** Uses up one of the user's recovery codes; false when it is not one or was used before. */
export async function useRecoveryCode(db: Db, userId: number, code: string, nowMs: number): Promise<boolean> {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, recoveryHash(code)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id })
  return used.length > 0
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)))
  return row?.left ?? 0
}

/** A code for an enabled second factor: six digits are a TOTP code, anything else a recovery code. */
export async function acceptSecondFactor(db: Db, factor: UserSecondFactor, code: string, nowMs: number): Promise<boolean> {
  const trimmed = code.trim()
  if (/^\d{6}$/.test(trimmed)) return acceptTotp(db, factor, trimmed, nowMs)
  return useRecoveryCode(db, factor.userId, trimmed, nowMs)
}

/** The user's second factor when it is enabled (not only set up); undefined otherwise. */
export async function enabledSecondFactorOf(db: Db, userId: number): Promise<UserSecondFactor | undefined> {
  const factor = await secondFactorOf(db, userId)
  return factor?.enabledAt ? factor : undefined
}

/** Turns the second factor off: the secret and the recovery codes go. Answers whether there was one. */
export async function removeSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
  const removed = await db.delete(userSecondFactors).where(eq(userSecondFactors.userId, userId)).returning({ userId: userSecondFactors.userId })
  return removed.length > 0
}
