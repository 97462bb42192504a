import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass, subheadingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { mailboxFn, type MailboxEntry } from './password.functions'

// The local mailbox (docs/decisions/030-mail-tokens-passwords.md): without SMTP_URL the portal's
// mails are files in DATA_DIR/mailbox/, listed here so a new user of a fresh clone can follow a
// mailed link.
export function MailboxScreen() {
  const locale = useLocale()
  const query = useQuery({ queryKey: ['mailbox'], queryFn: () => mailboxFn(), refetchInterval: 3000 })
  return (
    <Page>
      <h1 className={headingClass}>{m.mailbox_title()}</h1>
      <p>{m.mailbox_intro()}</p>
      {query.isPending ? <Spinner label={m.mailbox_loading()} /> : null}
      {query.data && !query.data.enabled ? <Notice tone="info">{m.mailbox_off()}</Notice> : null}
      {query.data?.enabled && query.data.mails.length === 0 ? <Notice tone="info">{m.mailbox_empty()}</Notice> : null}
      <ol className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '4' })} aria-label={m.mailbox_title()}>
        {(query.data?.mails ?? []).map((mail) => (
          <li key={`${mail.id}-${mail.sentAt}`}>
            <Mail mail={mail} locale={locale} />
          </li>
        ))}
      </ol>
    </Page>
  )
}

function Mail({ mail, locale }: { mail: MailboxEntry; locale: string }) {
  return (
    <article className={cardClass} aria-label={mail.subject}>
      <h2 className={subheadingClass}>{mail.subject}</h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {m.mailbox_to({ to: mail.to })} · {new Date(mail.sentAt).toLocaleString(locale)}
      </p>
      <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })}>
        {mail.text.split(/(https?:\/\/\S+)/).map((part, index) =>
          index % 2 === 1 ? (
            <a key={index} href={part} className={linkClass}>
              {part}
            </a>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
      </p>
    </article>
  )
}
