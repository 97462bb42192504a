import type { ReactNode } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { HeadContent, Outlet, Scripts, createRootRouteWithContext, redirect } from '@tanstack/react-router'
import { Suspense, lazy, useEffect, useState } from 'react'
import appCss from '../../styles/index.css?url'
import { m } from '../../src/paraglide/messages'
import { PortalLayout } from '../features/shell/layout'
import { RouteError } from '../features/shell/route-error'
import { loadPortalSession, maintenanceRedirect, rememberSession } from '../features/session/portal-session'
import { pageTitle } from '../features/session/route-guards'
import { LocaleProvider, useLocale } from '../ui/locale'
import { pageScreenHint } from '../ui/screen-hint'

// Parts of the root that few pages show are fetched when one does, not with every page
// (decision 035): the not-found page, and the banner of a switched session (staff acting as
// another user). The server renders them as before.
const LazyNotFound = lazy(() => import('../features/shell/not-found').then((module) => ({ default: module.NotFound })))
const SwitchedBanner = lazy(() => import('../features/session/switched-banner').then((module) => ({ default: module.SwitchedBanner })))

function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  )
}

const ZOD_JITLESS = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Before each navigation: the maintenance check and the session.
  beforeLoad: async ({ location }) => {
    const session = await loadPortalSession()
    const target = maintenanceRedirect(session, location.pathname)
    if (target) throw redirect({ href: target })
    return { session }
  },
  head: ({ match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'description', content: m.meta_description() },
      { name: 'theme-color', content: '#573b25' },
      // Every screen's title is "Page · Site" (pageHead); the not-found page is shown by this
      // route, whose match the router marks as the not-found boundary.
      { title: match._notFound ? pageTitle(m.not_found_title(), match.context.session) : match.context.session.site.title },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: match.context.session.site.logo, type: 'image/svg+xml' },
    ],
    // Before any module: zod compiles its parsers with new Function unless told not to, and the
    // page's policy (no 'unsafe-eval') reports each probe as a violation. Its config object lives
    // on globalThis, so this inline script (stamped with the nonce) sets it before zod loads.
    scripts: [{ children: ZOD_JITLESS }],
  }),
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
})

function RootComponent() {
  const { session } = Route.useRouteContext()
  useEffect(() => rememberSession(session), [session])
  return (
    <PortalLayout
      session={session}
      notices={
        session.user?.switched_by ? (
          <Suspense fallback={null}>
            <SwitchedBanner user={session.user} />
          </Suspense>
        ) : null
      }
    >
      <Outlet />
    </PortalLayout>
  )
}

function RootDocument({ children }: Readonly<{ children: ReactNode }>) {
  return (
    <LocaleProvider>
      <Html>{children}</Html>
    </LocaleProvider>
  )
}

function Html({ children }: Readonly<{ children: ReactNode }>) {
  const locale = useLocale()
  // The screen the page was rendered for (the browser's screen cookie), stamped on <html> so the
  // hydrating browser takes the same forms (docs/decisions/062-screen-hint.md).
  const [screen] = useState(pageScreenHint)
  // Tests wait for this mark: clicks before hydration would be lost.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={locale} data-screen={screen ?? undefined}>
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
