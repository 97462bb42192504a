import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]
export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES)

/** Outgoing mail is written here first, so a mail survives an SMTP outage; a worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  // The worker's query: due pending mails, oldest first.
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
)

export type MailOutboxEntry = typeof mailOutbox.$inferSelect
