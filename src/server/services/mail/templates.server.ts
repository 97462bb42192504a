import type { SiteConfig } from '../../../../app.config'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'

// The portal's mails, in German and English, plain text and HTML, with the site's name and
// contact details. Rendered when the mail is queued, so the outbox row is the whole mail.
export const MAIL_TEMPLATES = ['password_reset', 'password_reset_unknown', 'register_company', 'register_exists', 'activation'] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

export type MailValues = {
  /** The link the mail is about (reset, registration, activation). */
  link: string
  /** How long the link works, in hours. */
  validHours?: number
  /** How long the link works, in days. */
  validDays?: number
}

export type RenderedMail = { subject: string; text: string; html: string }

type Parts = { subject: string; lines: string[]; action?: string }

function partsOf(template: MailTemplate, values: MailValues, site: SiteConfig, locale: Locale): Parts {
  const options = { locale }
  switch (template) {
    case 'password_reset':
      return {
        subject: m.mail_reset_subject({ site: site.title }, options),
        lines: [
          m.mail_reset_intro({ site: site.title }, options),
          m.mail_reset_valid({ hours: String(values.validHours ?? 1) }, options),
          m.mail_reset_ignore({}, options),
        ],
        action: m.mail_reset_action({}, options),
      }
    case 'password_reset_unknown':
      return {
        subject: m.mail_reset_unknown_subject({ site: site.title }, options),
        lines: [m.mail_reset_unknown_intro({ site: site.title }, options), m.mail_reset_unknown_other({}, options), m.mail_reset_ignore({}, options)],
        action: m.mail_reset_unknown_action({}, options),
      }
    case 'register_company':
      return {
        subject: m.mail_register_subject({ site: site.title }, options),
        lines: [
          m.mail_register_intro({ site: site.title }, options),
          m.mail_register_valid({ days: String(values.validDays ?? 7) }, options),
          m.mail_register_ignore({}, options),
        ],
        action: m.mail_register_action({}, options),
      }
    case 'activation':
      return {
        subject: m.mail_activation_subject({ site: site.title }, options),
        lines: [
          m.mail_activation_intro({ site: site.title }, options),
          m.mail_register_valid({ days: String(values.validDays ?? 7) }, options),
          m.mail_activation_ignore({}, options),
        ],
        action: m.mail_activation_action({}, options),
      }
    case 'register_exists':
      return {
        subject: m.mail_register_exists_subject({ site: site.title }, options),
        lines: [m.mail_register_exists_intro({ site: site.title }, options), m.mail_register_exists_forgot({}, options), m.mail_reset_ignore({}, options)],
        action: m.mail_register_exists_action({}, options),
      }
  }
}

export function renderMail(template: MailTemplate, values: MailValues, site: SiteConfig, locale: Locale): RenderedMail {
  const parts = partsOf(template, values, site, locale)
  const greeting = m.mail_greeting({}, { locale })
  const signature = [
    m.mail_signature({ site: site.title }, { locale }),
    site.contact.company,
    site.contact.street,
    site.contact.city,
    site.contact.phone,
    site.contact.email,
  ]
  const text = [greeting, '', ...parts.lines.flatMap((line) => [line, '']), `${parts.action ?? ''}: ${values.link}`, '', '-- ', ...signature].join('\n')
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #2b1d14; max-width: 36rem; margin: 0 auto; padding: 1rem;">
<p style="font-size: 1.25rem; font-weight: 600; color: #5a3a22;">${escapeHtml(site.title)}</p>
<p>${escapeHtml(greeting)}</p>
${parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(values.link)}" style="display: inline-block; padding: 0.6rem 1rem; background: #5a3a22; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(parts.action ?? values.link)}</a></p>
<p style="font-size: 0.875rem;">${escapeHtml(values.link)}</p>
<hr><p style="font-size: 0.875rem; color: #6b5a4c;">${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`
  return { subject: parts.subject, text, html }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
