import './features/session/site-locale'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { routeTree } from './routeTree.gen'
import { isRecord } from './ui/guards'
import { parsePlainSearch, stringifyPlainSearch } from './ui/search-params'

// The nonce of this response's Content-Security-Policy, handed over by app/server.ts; the router
// puts it on the inline scripts of server rendering. The browser reads it back from the
// csp-nonce meta tag the router renders.
const cspNonce = createIsomorphicFn()
  .server(() => {
    try {
      const context: unknown = getGlobalStartContext()
      return isRecord(context) && typeof context.nonce === 'string' ? context.nonce : undefined
    } catch {
      return undefined // outside a request (no start context): nothing to stamp
    }
  })
  .client(() => undefined)

// One QueryClient per router (per request on the server): loaders prefetch with the same
// query options the screens read, and the integration hands the cache to the browser.
export function getRouter() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    ssr: { nonce: cspNonce() },
    defaultPreload: 'intent',
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
    // What app/server.ts hands each page render besides the nonce: the screen hint it read from
    // the request (app/ui/screen-hint.tsx), null for a page of the render cache.
    server: { requestContext: { screen?: string | null } }
  }
}
