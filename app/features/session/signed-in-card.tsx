import { Link } from '@tanstack/react-router'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { buttonClass, cardClass, secondaryButtonClass, subheadingClass } from '../../ui/page'

// Home's card for a signed-in user the route did not send on (a fallback, home-screen.tsx): its
// own chunk, so the login page everyone else sees does not carry it
// (docs/decisions/035-page-weight.md).
export default function SignedInCard({ user }: { user: SessionUser }) {
  return (
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
  )
}
