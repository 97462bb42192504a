import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { env } from '../env.server'
import { notice } from '../ops/notice.server'

// The token signing secret (decision 043): JWT_SECRET, or for the embedded default one
// generated on first start into DATA_DIR/jwt-secret so sessions survive a restart. After a
// rotation the secret before it is still accepted — never used to sign — until its end of
// grace: JWT_SECRET_PREVIOUS(_UNTIL), or DATA_DIR/jwt-secret.previous ({ secret, until }).
// The files are re-read when they change, looked at (stat) at most every CHECK_EVERY_MS, so a
// running server takes up `npm run admin -- rotate-jwt-secret` without a restart.
export const CHECK_EVERY_MS = 2000
export const SECRET_FILE = 'jwt-secret'
export const PREVIOUS_SECRET_FILE = 'jwt-secret.previous'

/** What the previous-secret file holds. */
export const previousSecretFile = z.object({ secret: z.string().min(32), until: z.iso.datetime({ offset: true }) })

/**
 * KeyObjects, imported once: jose then skips re-importing the secret on every verify. A new
 * object whenever the secrets were read anew (a verify cache then drops what it checked).
 */
export type SigningKeys = {
  current: KeyObject
  previous: { key: KeyObject; untilMs: number } | null
}

/** A new secret: 48 random bytes, base64url (64 characters). */
export function newSigningSecret(): string {
  return randomBytes(48).toString('base64url')
}

const keyOf = (secret: string) => createSecretKey(Buffer.from(secret, 'utf8'))

let fromEnvironment: SigningKeys | undefined
let fromFiles: { keys: SigningKeys; stamp: string; checkedAt: number } | undefined

export function signingKeys(): SigningKeys {
  const config = env()
  if (config.JWT_SECRET) {
    const untilMs = config.JWT_SECRET_PREVIOUS_UNTIL ? Date.parse(config.JWT_SECRET_PREVIOUS_UNTIL) : Number.NaN
    fromEnvironment ??= {
      current: keyOf(config.JWT_SECRET),
      previous: config.JWT_SECRET_PREVIOUS && Number.isFinite(untilMs) ? { key: keyOf(config.JWT_SECRET_PREVIOUS), untilMs } : null,
    }
    return fromEnvironment
  }
  const now = performance.now()
  if (fromFiles && now - fromFiles.checkedAt < CHECK_EVERY_MS) return fromFiles.keys
  const stamp = stampOf(config.DATA_DIR)
  if (fromFiles?.stamp === stamp) {
    fromFiles.checkedAt = now
    return fromFiles.keys
  }
  try {
    // The stamp from before the read: a change during it is seen at the next look, never lost.
    fromFiles = { keys: readKeyFiles(config.DATA_DIR), stamp, checkedAt: now }
  } catch (error) {
    // A file this process cannot read after a change: keep signing with what it had, and say so.
    if (!fromFiles) throw error
    notice({
      level: 'warn',
      part: 'auth',
      message: `kept the signing secret: ${SECRET_FILE} could not be read again: ${error instanceof Error ? error.message : String(error)}`,
    })
    fromFiles = { ...fromFiles, stamp, checkedAt: now }
  }
  return fromFiles.keys
}

/** The secret new tokens are signed with. */
export function signingSecret(): KeyObject {
  return signingKeys().current
}

/** The secrets a signature may have been made with at `nowMs`: the current one first. */
export function acceptedSecrets(nowMs: number = Date.now()): KeyObject[] {
  const { current, previous } = signingKeys()
  return previous && nowMs < previous.untilMs ? [current, previous.key] : [current]
}

// Both files' identity, time and size: a rotation replaces them (rename), so the inode changes.
function stampOf(dataDir: string): string {
  return [SECRET_FILE, PREVIOUS_SECRET_FILE]
    .map((name) => {
      const stat = statSync(join(dataDir, name), { throwIfNoEntry: false })
      return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '-'
    })
    .join(' ')
}

function readKeyFiles(dataDir: string): SigningKeys {
  const file = join(dataDir, SECRET_FILE)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, newSigningSecret(), { mode: 0o600, flag: 'wx' })
  }
  return { current: keyOf(readFileSync(file, 'utf8').trim()), previous: readPrevious(join(dataDir, PREVIOUS_SECRET_FILE)) }
}

function readPrevious(file: string): SigningKeys['previous'] {
  const previous = readPreviousSecret(file)
  if (previous === 'malformed')
    notice({ level: 'warn', part: 'auth', message: `${file} is not {"secret": "…", "until": "<ISO date-time>"}: the previous signing secret is not accepted.` })
  return previous && previous !== 'malformed' ? { key: keyOf(previous.secret), untilMs: Date.parse(previous.until) } : null
}

/** The previous-secret file: null when there is none. */
export function readPreviousSecret(file: string): z.output<typeof previousSecretFile> | 'malformed' | null {
  if (!existsSync(file)) return null
  const parsed = previousSecretFile.safeParse(parseJson(readFileSync(file, 'utf8')))
  return parsed.success ? parsed.data : 'malformed'
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
