import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { env } from '../../env.server'

// Where mails go: an SMTP server when SMTP_URL is set (nodemailer); otherwise the local
// mailbox, DATA_DIR/mailbox/, one .eml file (the whole message) and one .json (what the
// mailbox page lists) per mail — so a fresh clone can follow a registration without SMTP.
export type OutgoingMail = { id: number; createdMs: number; to: string; subject: string; text: string; html: string | null }
/** `reachable`: whether the mail server takes connections now (SMTP only; the mailbox folder always does). */
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void; reachable?(): Promise<boolean> }

export function mailboxDir(): string {
  return join(env().DATA_DIR, 'mailbox')
}

/**
 * The same Message-ID on every attempt of one outbox mail: should a server stop between the SMTP
 * server's acceptance and marking the mail sent, the retry is recognisably the same mail.
 */
export function messageIdOf(mail: Pick<OutgoingMail, 'id' | 'createdMs'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'portal.invalid'
  return `<outbox-${mail.id}-${mail.createdMs}@${domain}>`
}

function messageOf(mail: OutgoingMail, from: string) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, messageId: messageIdOf(mail, from) }
}

export function createMailTransport(smtpUrl: string | undefined = env().SMTP_URL, from: string = env().MAIL_FROM, dir: string = mailboxDir()): MailTransport {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      send: async (mail) => {
        await transport.sendMail(messageOf(mail, from))
      },
      close: () => transport.close(),
      reachable: () =>
        transport.verify().then(
          () => true,
          () => false,
        ),
    }
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (mail) => {
      const info = await writer.sendMail(messageOf(mail, from))
      await mkdir(dir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}`
      const summary = { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, sentAt: new Date().toISOString() }
      await writeFile(join(dir, `${name}.eml`), info.message)
      await writeFile(join(dir, `${name}.json`), JSON.stringify(summary))
    },
    close: () => writer.close(),
  }
}
