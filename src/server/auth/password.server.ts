import { hash, verify } from '@node-rs/argon2'

// Argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): memory-hard, from a
// well-kept native library. See docs/decisions/004-passwords-and-tokens.md.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const

export async function hashPassword(password: string, salt?: Uint8Array): Promise<string> {
  return hash(password, salt ? { ...OPTIONS, salt } : OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash is a failed login, never a crash.
    return false
  }
}

// A valid hash of an unguessable value, verified when the user does not exist so that the
// answer takes the same time either way.
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`)
  return dummyHash
}
