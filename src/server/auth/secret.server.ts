import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { env } from '../env.server'

// The token signing secret: JWT_SECRET, or for the embedded default one generated on first
// start and kept in DATA_DIR so sessions survive a restart.
let cached: Uint8Array | undefined

export function signingSecret(): Uint8Array {
  if (cached) return cached
  const config = env()
  if (config.JWT_SECRET) {
    cached = new TextEncoder().encode(config.JWT_SECRET)
    return cached
  }
  const file = join(config.DATA_DIR, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  }
  cached = new TextEncoder().encode(readFileSync(file, 'utf8').trim())
  return cached
}

export function resetSigningSecretForTests(): void {
  cached = undefined
}
