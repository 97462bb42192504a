import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass, subheadingClass } from '../../ui/page'
import type { PortalSession } from '../../../src/contract/session'
import { ContactSection, InfoSection } from '../../ui/site-sections'

// The welcome page: what the portal is for, who we are, how to reach us. It names only what
// the portal does today (the side menu's screens); a point is added with its screen.
export function WelcomeScreen({ session }: { session: PortalSession }) {
  useLocale()
  return (
    <Page>
      <h1 className={headingClass}>{m.welcome_heading({ site: session.site.title })}</h1>
      <section className={cardClass} aria-labelledby="welcome-what">
        <h2 id="welcome-what" className={subheadingClass}>
          {m.welcome_what_heading()}
        </h2>
        <ul className={css({ listStyle: 'disc', pl: '6', display: 'grid', gap: '1' })}>
          <li>{m.welcome_point_shop()}</li>
          <li>{m.companies_tree_welcome_point()}</li>
          <li>{m.welcome_point_orders()}</li>
          <li>{m.welcome_point_prices()}</li>
          <li>{m.welcome_point_users()}</li>
          <li>{m.welcome_point_translation()}</li>
        </ul>
        <p>{m.welcome_points_by_permission()}</p>
        <p>
          {session.user ? (
            <Link to="/redirect2shop" className={buttonClass}>
              {m.go_to_shop()}
            </Link>
          ) : (
            <Link to="/{-$location}/login" params={{ location: undefined }} className={buttonClass}>
              {m.login_heading()}
            </Link>
          )}
        </p>
      </section>
      <InfoSection />
      <section id="about" className={cardClass} aria-labelledby="about-heading">
        <h2 id="about-heading" className={subheadingClass}>
          {m.about_heading()}
        </h2>
        <p>{m.about_text()}</p>
      </section>
      <ContactSection site={session.site} />
    </Page>
  )
}
