import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/types'
import { rowsOf } from '../db/rows.server'
import { throttleAddress } from './throttle-keys.server'

// Requests that send mail (reset, registration, change link) are counted per e-mail address
// and per client network in the login throttle's table, within a window of an hour, so the
// portal cannot be used to flood someone's mailbox (decision 030). Counted before anything
// is looked up: a refusal says nothing about whether the address has an account.
export const MAIL_WINDOW_MS = 60 * 60 * 1000
export const MAILS_PER_ADDRESS = 5
export const MAILS_PER_NETWORK = 30

const counted = z.array(z.object({ failures: z.number(), window_started_at: z.union([z.string(), z.date()]) }))

async function count(db: Db, key: string, nowMs: number): Promise<{ count: number; windowStartedMs: number }> {
  const now = new Date(nowMs).toISOString()
  const windowStart = new Date(nowMs - MAIL_WINDOW_MS).toISOString()
  const result = await db.execute(sql`
    insert into login_attempts (key, failures, window_started_at) values (${key}, 1, ${now}::timestamptz)
    on conflict (key) do update set
      failures = case when login_attempts.window_started_at < ${windowStart}::timestamptz then 1 else login_attempts.failures + 1 end,
      window_started_at = case when login_attempts.window_started_at < ${windowStart}::timestamptz then ${now}::timestamptz else login_attempts.window_started_at end
    returning failures, window_started_at`)
  const [row] = counted.parse(rowsOf(result))
  return { count: row?.failures ?? 1, windowStartedMs: new Date(row?.window_started_at ?? now).getTime() }
}

/** Counts one mail request; answers the minutes to wait when over a limit, else null. */
export async function countMailRequest(db: Db, purpose: string, email: string, clientAddress: string, nowMs: number): Promise<number | null> {
  const byAddress = await count(db, `mail:${purpose}:email:${email.toLowerCase()}`, nowMs)
  const byNetwork = await count(db, `mail:${purpose}:net:${throttleAddress(clientAddress)}`, nowMs)
  const over = [byAddress.count > MAILS_PER_ADDRESS ? byAddress : null, byNetwork.count > MAILS_PER_NETWORK ? byNetwork : null].filter((item) => item !== null)
  if (over.length === 0) return null
  const until = Math.max(...over.map((item) => item.windowStartedMs + MAIL_WINDOW_MS))
  return Math.max(1, Math.ceil((until - nowMs) / 60_000))
}
