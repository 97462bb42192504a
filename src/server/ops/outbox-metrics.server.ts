import { sql } from 'drizzle-orm'
import { Gauge, type Registry } from 'prom-client'
import { z } from 'zod'
import { openedDatabase } from '../db/instance.server'
import { withinMs } from './deadline.server'

// The mail outbox (decision 030) as seen by a scrape: mails waiting, how long the oldest has
// waited, mails given up on. One query per scrape (the outbox's status index), at most a second;
// without an answer the gauges keep their last values.
const outboxRow = z.object({ pending: z.coerce.number(), failed: z.coerce.number(), oldest: z.coerce.number() })
type OutboxState = z.infer<typeof outboxRow>

export function watchOutbox(registry: Registry): void {
  let reading: Promise<OutboxState | null> | null = null
  // A scrape collects the gauges side by side: the first asks, the others share its answer.
  const state = () => {
    reading ??= readOutbox().finally(() => (reading = null))
    return reading
  }
  const registers = [registry]
  const gauges: Array<{ name: string; help: string; value: (read: OutboxState) => number }> = [
    { name: 'portal_mail_outbox_pending', help: 'Mails in the outbox waiting to be sent (new or to be tried again).', value: (read) => read.pending },
    {
      name: 'portal_mail_outbox_oldest_pending_seconds',
      help: 'How long the oldest mail waiting in the outbox has waited (0 when none waits).',
      value: (read) => read.oldest,
    },
    { name: 'portal_mail_outbox_failed', help: 'Mails the sender gave up on after its last attempt.', value: (read) => read.failed },
  ]
  for (const { name, help, value } of gauges) {
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const read = await state()
        if (read) this.set(value(read))
      },
    })
  }
}

async function readOutbox(): Promise<OutboxState | null> {
  const opening = openedDatabase()
  if (!opening) return null
  try {
    const { db } = await withinMs(1000, opening)
    const result = await withinMs(
      1000,
      db.execute(sql`
        select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'failed') as failed,
               coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0) as oldest
          from mail_outbox where status in ('pending', 'failed')`),
    )
    return z.object({ rows: z.array(outboxRow).length(1) }).parse(result).rows[0] ?? null
  } catch {
    return null
  }
}
