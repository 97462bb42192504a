import { existsSync, readFileSync } from 'node:fs'
import { E2E_JWT_SECRET, E2E_LANE_B_SERVER_LOG, E2E_SERVER_LOG } from '../playwright.config'
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts'

// After the whole e2e run, the main server's log (every request of every test:
// logins, resets, activations, switched sessions) holds no password, no issued token and no
// link that carries one. The run fails otherwise, naming what was found and where.
const SECRETS: Array<[string, RegExp]> = [
  ['the demo password', new RegExp(DEMO_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['the token signing secret', new RegExp(E2E_JWT_SECRET)],
  // A JWT: header.payload.signature, the first two base64url JSON ("eyJ").
  ['an issued token (JWT)', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/],
  // Reset and activation links carry their token in the path.
  ['a link with a token', /\/(?:password\/change|register-company|activate)\/[\w-]{16,}/],
]

export default function globalTeardown(): void {
  for (const file of [E2E_SERVER_LOG, E2E_LANE_B_SERVER_LOG]) checkLog(file)
}

function checkLog(file: string): void {
  if (!existsSync(file)) throw new Error(`The e2e server's log ${file} is missing: nothing could be checked for secrets.`)
  const log = readFileSync(file, 'utf8')
  const requests = log.split('\n').filter((line) => line.includes('"msg":"request"')).length
  // A run that wrote no request lines would pass the search for the wrong reason (every run
  // asks the server at least for its readiness and a page; one spec alone may ask little more).
  if (requests === 0) throw new Error(`The e2e server's log ${file} has no request line: the log is not being written as it should.`)
  const found = SECRETS.flatMap(([what, pattern]) => {
    const at = log.search(pattern)
    return at === -1 ? [] : [`${what}, at: ${log.slice(Math.max(0, at - 120), at + 40).replaceAll('\n', ' ')}`]
  })
  if (found.length > 0) throw new Error(`The e2e server logged secrets (${file}):\n  ${found.join('\n  ')}`)
  console.log(`Server log ${file} checked for secrets: ${requests} request lines, none found.`)
}
