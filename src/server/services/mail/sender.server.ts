import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/types'
import { processLogger } from '../../ops/logger.server'
import { onMailQueued } from './outbox.server'
import { createMailTransport, type MailTransport } from './transport.server'
import { rowsOf } from '../../db/rows.server'

// The outbox's sender (decision 030). Each round claims due rows with FOR UPDATE SKIP LOCKED
// and pushes their next attempt a lease ahead in the same statement, so several app servers on
// one database never take the same mail; a sent mail is marked sent, a failed one waits
// (30 s, 1, 2, 4 … minutes, at most an hour) and gives up after MAX_ATTEMPTS. A mail that
// failed because the mail server could not be reached goes as soon as it can be again: the
// sender asks the server every PROBE_MS meanwhile, not only at the next retry (decision 052).
export const MAX_ATTEMPTS = 12
const LEASE_SECONDS = 300
const BATCH = 20
const TICK_MS = 2000
const PROBE_MS = 5000

/** nodemailer's codes for a mail server that could not be reached (not for a mail it refused). */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'])

function unreachable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined
  return typeof code === 'string' && UNREACHABLE.has(code)
}

const claimed = z.array(
  z.object({
    id: z.number(),
    to_address: z.string(),
    subject: z.string(),
    text_body: z.string(),
    html_body: z.string().nullable(),
    attempts: z.number(),
    created_ms: z.coerce.number(),
  }),
)

/** Backoff before attempt n+1 after n failed ones, in seconds. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))
}

/**
 * One round: sends what is due now. Answers how many were sent and how many failed; the ids of
 * mails that failed because the mail server could not be reached go into `unreachableIds`.
 */
export async function sendDueMails(
  db: Db,
  transport: MailTransport,
  nowMs: number = Date.now(),
  unreachableIds?: Set<number>,
): Promise<{ sent: number; failed: number }> {
  const now = new Date(nowMs).toISOString()
  const result = await db.execute(sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = ${now}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
    where id in (select id from mail_outbox where status = 'pending' and next_attempt_at <= ${now}::timestamptz
      order by next_attempt_at, id limit ${BATCH} for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts, (extract(epoch from created_at) * 1000)::bigint as created_ms`)
  const rows = claimed.parse(rowsOf(result))
  let sent = 0
  let failed = 0
  for (const row of rows) {
    try {
      await transport.send({ id: row.id, createdMs: row.created_ms, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body })
      await db.execute(sql`update mail_outbox set status = 'sent', sent_at = ${now}::timestamptz, last_error = null where id = ${row.id}`)
      sent += 1
    } catch (error) {
      failed += 1
      if (unreachable(error)) unreachableIds?.add(row.id)
      const message = error instanceof Error ? error.message : String(error)
      const status = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'
      await db.execute(sql`update mail_outbox set status = ${status}::mail_status, last_error = ${message.slice(0, 500)},
        next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(row.attempts)}) where id = ${row.id}`)
    }
  }
  return { sent, failed }
}

type Running = { stop(): Promise<void> }

/**
 * Sends in the background every few seconds and at once when a mail is queued here. While mails
 * wait because the mail server could not be reached, asks it every `probeMs` whether it takes
 * connections again; once it does, those mails are due at once (each still goes once: a round
 * claims its rows).
 */
export function startMailSender(db: Db, transport: MailTransport = createMailTransport(), { probeMs = PROBE_MS }: { probeMs?: number } = {}): Running {
  let stopped = false
  let round: Promise<unknown> = Promise.resolve()
  let again = false
  const waiting = new Set<number>()
  let probe: ReturnType<typeof setInterval> | undefined
  const run = () => {
    if (stopped) return
    again = true
    round = round.then(async () => {
      while (again && !stopped) {
        again = false
        const outcome = await sendDueMails(db, transport, Date.now(), waiting).catch((error: unknown) => {
          processLogger().warn({ err: error }, 'mail: a sending round failed')
          return { sent: 0, failed: 0 }
        })
        if (outcome.sent + outcome.failed === BATCH) again = true
      }
      if (waiting.size > 0 && probe === undefined && transport.reachable) startProbe()
    })
  }
  const startProbe = () => {
    let asking = false
    probe = setInterval(() => {
      if (asking || stopped) return
      asking = true
      void (async () => {
        try {
          if (!(await transport.reachable?.())) return
          clearInterval(probe)
          probe = undefined
          const ids = [...waiting]
          waiting.clear()
          await db.execute(sql`update mail_outbox set next_attempt_at = now()
            where status = 'pending' and id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))`)
          processLogger().info({ mails: ids.length }, 'mail: the mail server is reachable again; sending what waited for it')
          run()
        } catch (error) {
          processLogger().warn({ err: error }, 'mail: the waiting mails could not be made due')
        } finally {
          asking = false
        }
      })()
    }, probeMs)
    probe.unref()
  }
  const timer = setInterval(run, TICK_MS)
  timer.unref()
  // A queued mail commits with its transaction a moment later: look shortly after.
  const unsubscribe = onMailQueued(() => setTimeout(run, 50).unref())
  run()
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      clearInterval(probe)
      unsubscribe()
      await round
      transport.close()
    },
  }
}
