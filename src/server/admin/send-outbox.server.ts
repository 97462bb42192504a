import { join } from 'node:path'
import { count, eq, min } from 'drizzle-orm'
import { z } from 'zod'
import { mailOutbox } from '../db/schema/index'
import type { Db } from '../db/types'
import { sendDueMails } from '../services/mail/sender.server'
import { createMailTransport, type MailTransport, type OutgoingMail } from '../services/mail/transport.server'
import { AdminFailure, parseOptions, type AdminCommand, type AdminSettings } from './command.server'
import { requireMigrated } from './migrate.server'

// `send-outbox`: the sender's own rounds (decision 030), now, until nothing is due — with the
// configured SMTP server or into the mailbox folder — and what became of each mail. Running
// servers' senders may send at the same time: each round claims its mails (SKIP LOCKED).
export type Attempt = { id: number; to: string; subject: string; error: string | null }
export type OutboxRun = { attempts: Attempt[]; waiting: number; nextAttemptAt: Date | null }

/** Where mails go, without credentials. */
export function mailDestination(settings: AdminSettings): string {
  if (!settings.smtpUrl) return `the mailbox folder ${join(settings.dataDir, 'mailbox')}`
  const url = new URL(settings.smtpUrl)
  return `${url.protocol}//${url.host}`
}

export async function sendOutbox(db: Db, transport: MailTransport, now: () => number): Promise<OutboxRun> {
  const attempts: Attempt[] = []
  const recording: MailTransport = {
    send: async (mail: OutgoingMail) => {
      const attempt = { id: mail.id, to: mail.to, subject: mail.subject }
      try {
        await transport.send(mail)
        attempts.push({ ...attempt, error: null })
      } catch (error) {
        attempts.push({ ...attempt, error: error instanceof Error ? error.message : String(error) })
        throw error
      }
    },
    close: () => transport.close(),
  }
  // A failed mail waits for its next attempt, a sent one is done: the rounds end.
  for (;;) {
    const round = await sendDueMails(db, recording, now())
    if (round.sent + round.failed === 0) break
  }
  const [left] = await db
    .select({ waiting: count(), next: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
  return { attempts, waiting: left?.waiting ?? 0, nextAttemptAt: left?.next ?? null }
}

export const sendOutboxCommand: AdminCommand = {
  name: 'send-outbox',
  usage: 'send-outbox',
  help: `Sends every mail of the outbox that is due now, as the server's sender does every 2 seconds:
with SMTP_URL to that server, otherwise into DATA_DIR/mailbox/. Lists each mail sent or failed;
a failed mail waits for its next attempt (30 s, 1, 2, 4 … minutes). Exits 1 when one failed.

Example:
  npm run admin -- send-outbox`,
  async run(args, context) {
    parseOptions(args, {}, z.object({}))
    const settings = context.settings()
    const transport = createMailTransport(settings.smtpUrl, settings.mailFrom, join(settings.dataDir, 'mailbox'))
    const run = await context
      .withDatabase(async ({ db }) => {
        await requireMigrated(db, settings.migrationsFolder)
        return sendOutbox(db, transport, () => context.now())
      })
      .finally(() => transport.close())
    for (const attempt of run.attempts) {
      const line = `#${attempt.id} to ${attempt.to}: ${attempt.subject}`
      context.out(attempt.error === null ? `sent    ${line}` : `failed  ${line} — ${attempt.error}`)
    }
    const failed = run.attempts.filter((attempt) => attempt.error !== null).length
    context.out(`${run.attempts.length - failed} sent, ${failed} failed, via ${mailDestination(settings)}.`)
    if (run.waiting > 0) context.out(`${run.waiting} mail(s) wait for a later attempt, the next at ${run.nextAttemptAt?.toISOString() ?? '?'}.`)
    if (failed > 0) throw new AdminFailure(`${failed} mail(s) could not be sent; they are tried again later.`)
  },
}
