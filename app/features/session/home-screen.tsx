import { Link, useRouteContext, useSearch } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { ContactSection, InfoSection } from '../../ui/site-sections'
import { LoginCard } from './login-card'
import type { PortalSession } from '../../../src/contract/session'

// Home: the login box plus the info and contact sections. Signed-in users are sent on by the
// route (spec section 2): dealer admins to companies, everyone else to the shop. The
// signed-in card is only a fallback for a session the route did not send on.
export function HomeScreen({ session, redirectTo }: { session: PortalSession; redirectTo?: string }) {
  useLocale()
  const { user } = session
  return (
    <Page>
      <h1 className={headingClass}>{m.home_heading()}</h1>
      {user ? (
        <section className={cardClass} aria-labelledby="signed-in-heading">
          <h2 id="signed-in-heading" className={subheadingClass}>
            {m.signed_in_as({ username: user.username })}
          </h2>
          <p>{m.signed_in_company({ company: user.company[1] })}</p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Link className={buttonClass} to="/redirect2shop">
              {m.go_to_shop()}
            </Link>
            <Link className={secondaryButtonClass} to="/admin">
              {m.menu_admin()}
            </Link>
          </div>
        </section>
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
