import { createFileRoute } from '@tanstack/react-router'
import { UseOtherBrowser } from '../features/shell/use-other-browser'
import { pageHead } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/use-other-browser')({
  head: ({ match }) => pageHead(m.other_browser_title(), match.context.session),
  component: UseOtherBrowser,
})
