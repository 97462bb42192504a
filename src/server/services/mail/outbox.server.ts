import { appConfig, type SiteConfig } from '../../../../app.config'
import type { Locale } from '../../../contract/envelope'
import { mailOutbox } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { renderMail, type MailTemplate, type MailValues } from './templates.server'

// The outbox (decision 030): a mail is a row, written in the same transaction as what caused
// it, so it is sent exactly when that commits — and never lost while SMTP is down. The sender
// (sender.server.ts) sends due rows and retries with backoff.
export type QueuedMail = { to: string; template: MailTemplate; language: Locale; site: SiteConfig | string; values: MailValues }

/** Writes the mail into the outbox; `tx` is the transaction of the change the mail is about. */
export async function queueMail(tx: Db, mail: QueuedMail): Promise<void> {
  const site = typeof mail.site === 'string' ? (appConfig.sites.find((known) => known.id === mail.site) ?? appConfig.sites[0]!) : mail.site
  const rendered = renderMail(mail.template, mail.values, site, mail.language)
  await tx.insert(mailOutbox).values({ toAddress: mail.to, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html })
  mailQueued()
}

// The sender, when running in this process, is woken at once instead of at its next tick.
const listeners = new Set<() => void>()
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function mailQueued(): void {
  for (const listener of listeners) listener()
}
