import { chownSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { CHECK_EVERY_MS, PREVIOUS_SECRET_FILE, SECRET_FILE, newSigningSecret, readPreviousSecret } from '../auth/secret.server'
import { parseOptions, type AdminCommand, type AdminSettings } from './command.server'

// `rotate-jwt-secret` (decision 043): new tokens are signed with a new secret, the old one is
// still accepted until the end of the grace period. The embedded default keeps its secret in
// DATA_DIR, which the command rewrites and a running server re-reads; a secret from the
// environment the command cannot change: it prints what to set on every server.

/** --grace: 0, or a number with s, m, h or d; at most 7 days (tokens live under a day). In milliseconds. */
const MAX_GRACE_MS = 7 * 24 * 60 * 60_000
const UNIT_MS = new Map([
  ['s', 1000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
])

const graceOption = z
  .string()
  .default('24h')
  .transform((value, issue) => {
    const text = value.trim()
    const match = /^(\d{1,6})([smhd])$/.exec(text)
    const ms = text === '0' ? 0 : match ? Number(match[1]) * (UNIT_MS.get(match[2] ?? '') ?? Number.NaN) : Number.NaN
    if (!Number.isFinite(ms) || ms > MAX_GRACE_MS) {
      issue.addIssue({ code: 'custom', message: `"${value}" is not a grace period such as 30m, 24h or 2d (0 for none, at most 7d)` })
      return z.NEVER
    }
    return ms
  })

export type Rotation =
  | { kind: 'files'; file: string; previousFile: string; until: string; hadSecret: boolean; dropped: string | null }
  | { kind: 'environment'; secret: string; previous: string; until: string; dropped: string | null }

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The previous secret's end of grace when it is still accepted now, else null. */
function stillAccepted(until: string | undefined, nowMs: number): string | null {
  return until && Date.parse(until) > nowMs ? until : null
}

export function rotateSigningSecret(settings: AdminSettings, graceMs: number, nowMs: number): Rotation {
  const until = isoSeconds(nowMs + graceMs)
  if (settings.jwtSecret) {
    const dropped = settings.jwtSecretPrevious ? stillAccepted(settings.jwtSecretPreviousUntil, nowMs) : null
    return { kind: 'environment', secret: newSigningSecret(), previous: settings.jwtSecret, until, dropped }
  }
  const file = join(settings.dataDir, SECRET_FILE)
  const previousFile = join(settings.dataDir, PREVIOUS_SECRET_FILE)
  const hadSecret = existsSync(file)
  const before = readPreviousSecret(previousFile)
  const dropped = before && before !== 'malformed' ? stillAccepted(before.until, nowMs) : null
  mkdirSync(settings.dataDir, { recursive: true })
  // The previous one first: a server that looks in between accepts the old secret twice, harmlessly.
  if (hadSecret) replaceFile(previousFile, JSON.stringify({ secret: readFileSync(file, 'utf8').trim(), until }), file)
  replaceFile(file, newSigningSecret(), hadSecret ? file : settings.dataDir)
  return { kind: 'files', file, previousFile, until, hadSecret, dropped }
}

/**
 * Written beside and renamed over: a server never reads half a file. Owned like `ownerOf`, so a
 * server running as another account than root (who may run this command) can still read it.
 */
function replaceFile(file: string, content: string, ownerOf: string): void {
  const next = `${file}.${process.pid}.tmp`
  writeFileSync(next, content, { mode: 0o600 })
  const owner = statSync(ownerOf)
  if (process.getuid?.() === 0 && (owner.uid !== 0 || owner.gid !== 0)) chownSync(next, owner.uid, owner.gid)
  renameSync(next, file)
}

export const rotateSecretCommand: AdminCommand = {
  name: 'rotate-jwt-secret',
  usage: 'rotate-jwt-secret [--grace 24h]',
  help: `Makes a new token signing secret. New tokens are signed with it; tokens signed with the old
one are still accepted until the grace period ends, then refused (their users log in again).

Without JWT_SECRET (the embedded default): writes the new secret to DATA_DIR/jwt-secret and the
old one with its end of grace to DATA_DIR/jwt-secret.previous; a running server takes them up
within ${CHECK_EVERY_MS / 1000} seconds, without a restart.
With JWT_SECRET in the environment: changes nothing, prints the three variables to set on every
server (stdout, one NAME=value a line), then restart the servers.

Options:
  --grace DURATION   how long the old secret stays accepted: 30m, 24h (default), 2d …, at most
                     7d; 0 ends every session signed with the old secret now (a leaked secret)

Examples:
  npm run admin -- rotate-jwt-secret
  npm run -s admin -- rotate-jwt-secret --grace 2h > jwt-rotation.env`,
  async run(args, context) {
    const { grace } = parseOptions(args, { grace: { type: 'string' } }, z.object({ grace: graceOption }))
    const rotation = rotateSigningSecret(context.settings(), grace, context.now())
    if (rotation.dropped) context.err(`The secret before the current one (accepted until ${rotation.dropped}) is no longer accepted after this rotation.`)
    const ended = grace === 0
    if (rotation.kind === 'files') {
      context.out(`New signing secret written to ${rotation.file}; new tokens are signed with it within ${CHECK_EVERY_MS / 1000} s.`)
      if (ended) context.out('Tokens signed with the old secret are refused from now on: their users log in again.')
      else if (rotation.hadSecret) context.out(`Tokens signed with the old secret are accepted until ${rotation.until} (kept in ${rotation.previousFile}).`)
      return
    }
    context.err('JWT_SECRET comes from the environment, which this command cannot change. Set these on every server, the same')
    context.err(
      ended
        ? 'values everywhere, and restart them; tokens signed with the old secret are refused after the restart (empty = unset):'
        : `values everywhere, and restart them; tokens signed with the old secret are accepted until ${rotation.until}:`,
    )
    context.out(`JWT_SECRET=${rotation.secret}`)
    context.out(`JWT_SECRET_PREVIOUS=${ended ? '' : rotation.previous}`)
    context.out(`JWT_SECRET_PREVIOUS_UNTIL=${ended ? '' : rotation.until}`)
    context.err(
      'Restarted one by one, a server not yet restarted refuses the tokens of restarted ones: docs/operations/admin.md shows two steps without that gap.',
    )
  },
}
