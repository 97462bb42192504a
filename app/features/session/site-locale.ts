import { chooseLocale } from '../../../src/domain/locale-choice'
import { defineCustomClientStrategy } from '../../../src/paraglide/runtime'

// The browser's side of the one language rule (src/domain/locale-choice.ts). The server's
// side is site-locale.server.ts. On the server this strategy is only reached outside a
// request (no window): it then yields to the base locale.
defineCustomClientStrategy('custom-site', {
  getLocale: () => (typeof window === 'undefined' ? undefined : chooseLocale({ cookie: document.cookie, host: window.location.hostname })),
  setLocale: () => {},
})
