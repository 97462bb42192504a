import { Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import { Notice, cardClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { LoginForm, loadLoginSubmit } from './login-form'
import type { PortalSession } from '../../../src/contract/session'

/** The login box: home, login and test-login use it. */
export function LoginCard({
  session,
  redirectTo,
  test = false,
  titled = true,
}: {
  session: PortalSession
  redirectTo?: string
  test?: boolean
  /** false where the page's own heading already says it (login, test-login). */
  titled?: boolean
}) {
  const router = useRouter()
  const [guestBusy, setGuestBusy] = useState(false)
  const maintenance = session.maintenance
  const allowed = test ? (maintenance?.test_login_allowed ?? true) : (maintenance?.login_allowed ?? true)

  return (
    <section className={cardClass} aria-labelledby={titled ? 'login-heading' : 'page-heading'}>
      {titled ? (
        <h2 id="login-heading" className={subheadingClass}>
          {test ? m.test_login_heading() : m.login_heading()}
        </h2>
      ) : null}
      {session.expired ? <Notice tone="warning">{m.error_token_expired()}</Notice> : null}
      {!test && !allowed ? <Notice tone="warning">{m.login_not_allowed()}</Notice> : null}
      <LoginForm redirectTo={redirectTo} test={test} disabled={!allowed} />
      {test ? null : (
        <p>
          <Link to="/{-$location}/forgot-password" params={keepLocation} className={linkClass}>
            {m.forgot_link()}
          </Link>
        </p>
      )}
      {session.site.guestLogin && !test ? (
        <div className={css({ borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border', pt: '3' })}>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!allowed || guestBusy}
            onClick={async () => {
              setGuestBusy(true)
              try {
                const { guestLogIn } = await loadLoginSubmit()
                await guestLogIn(router, redirectTo)
              } catch (caught) {
                // guestLogIn words its own failures; what is left is its part not loading (offline).
                showErrorToast([caught instanceof Error ? caught.message : String(caught)])
              } finally {
                setGuestBusy(false)
              }
            }}
          >
            {m.guest_login()}
          </button>
        </div>
      ) : null}
    </section>
  )
}
