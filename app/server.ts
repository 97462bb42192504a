import './features/session/site-locale'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { paraglideMiddleware } from '../src/paraglide/server'

// Each request renders in its own locale (cookie, then the base locale).
export default createServerEntry({
  fetch(request) {
    return paraglideMiddleware(request, () => handler.fetch(request))
  },
})
