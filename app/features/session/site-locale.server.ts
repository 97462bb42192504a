import { chooseLocale } from '../../../src/domain/locale-choice'
import { defineCustomServerStrategy } from '../../../src/paraglide/runtime'
import { env } from '../../../src/server/env.server'
import { hostOf } from '../../../src/server/http-api/forwarded.server'

// The language of a page or server-function request. Paraglide 2.25 runs custom server
// strategies before its built-in ones whatever their order in the strategy list
// (extractLocaleFromRequestAsync), so this strategy reads the cookie itself: otherwise the
// site default beat the stored choice and the server rendered another language than the
// browser hydrated (React #418).
defineCustomServerStrategy('custom-site', {
  getLocale: (request) => (request ? chooseLocale({ cookie: request.headers.get('cookie'), host: hostOf(request, env().TRUST_PROXY) }) : undefined),
})
