import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { env } from '../env.server'

// The token signing secret: JWT_SECRET, or for the embedded default one generated on first
// start and kept in DATA_DIR so sessions survive a restart.
// A KeyObject, imported once: jose then skips re-importing the secret on every verify.
let cached: KeyObject | undefined

export function signingSecret(): KeyObject {
  if (cached) return cached
  const config = env()
  if (config.JWT_SECRET) {
    cached = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'))
    return cached
  }
  const file = join(config.DATA_DIR, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  }
  cached = createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'))
  return cached
}
