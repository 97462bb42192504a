import { createFileRoute } from '@tanstack/react-router'
import { UseOtherBrowser } from '../features/shell/use-other-browser'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/use-other-browser')({
  head: () => ({ meta: [{ title: `${m.other_browser_title()} · ${m.app_title()}` }] }),
  component: UseOtherBrowser,
})
