import { createFileRoute } from '@tanstack/react-router'
import { answerCompanyLogo } from '../../../src/server/services/companies/logo-serve.server'
import { callContext } from '../../request/session-cookies.server'

// A company's logo (decision 028): the session cookie or an Authorization header, the same
// scope as company info, caching by version and ETag.
export const Route = createFileRoute('/company-logo/$id')({
  server: {
    handlers: {
      GET: ({ request, params }) => {
        const { token, locale } = callContext()
        return answerCompanyLogo({ request, id: params.id, cookieToken: token, locale })
      },
    },
  },
})
