import { useRouteContext, useSearch } from '@tanstack/react-router'
import { Suspense, lazy } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, headingClass } from '../../ui/page'
import { ContactSection, InfoSection } from '../../ui/site-sections'
import { LoginCard } from './login-card'
import type { PortalSession } from '../../../src/contract/session'

const SignedInCard = lazy(() => import('./signed-in-card'))

// Home: the login box plus the info and contact sections. Signed-in users are sent on by the
// route: dealer admins to companies, everyone else to the shop. The
// signed-in card is only a fallback for a session the route did not send on.
export function HomeScreen({ session, redirectTo }: { session: PortalSession; redirectTo?: string }) {
  useLocale()
  const { user } = session
  return (
    <Page>
      <h1 className={headingClass}>{m.home_heading()}</h1>
      {user ? (
        <Suspense>
          <SignedInCard user={user} />
        </Suspense>
      ) : (
        <LoginCard session={session} redirectTo={redirectTo} />
      )}
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <InfoSection />
        <ContactSection site={session.site} />
      </div>
    </Page>
  )
}

/** The route component of / and /{location}/home. */
export function HomeRouteComponent() {
  const { session } = useRouteContext({ from: '__root__' })
  const search: { redirect?: string } = useSearch({ strict: false })
  return <HomeScreen session={session} redirectTo={search.redirect} />
}
