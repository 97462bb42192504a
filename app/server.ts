import './features/session/site-locale'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { paraglideMiddleware } from '../src/paraglide/server'

// Pages render in their own locale (cookie, site default, base locale). API calls skip the
// middleware: the dispatcher reads the caller's language itself.
export default createServerEntry({
  fetch(request) {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/vue/') || pathname === '/health') return handler.fetch(request)
    return paraglideMiddleware(request, () => handler.fetch(request))
  },
})
