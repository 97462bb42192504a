import { createFileRoute } from '@tanstack/react-router'
import { MailboxScreen } from '../features/session/mailbox-screen'
import { pageHead } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The local mailbox (decision 030): the mails of a portal without SMTP server.
export const Route = createFileRoute('/mailbox')({
  head: ({ match }) => pageHead(m.mailbox_title(), match.context.session),
  component: MailboxScreen,
})
