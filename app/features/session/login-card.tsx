import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { landingAfterLogin } from '../../../src/domain/landing'
import { REDIRECT_TOAST_MS } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import { Notice, cardClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { messagesOf } from '../../ui/call-result'
import { showErrorToast, showToast } from '../../ui/toast'
import { LoginForm } from './login-form'
import type { PortalSession } from '../../../src/contract/session'
import { guestLoginFn } from './session.functions'

/** After a login, the first landing rule that applies wins (spec section 2). */
export function useLandAfterLogin(redirectTo: string | undefined) {
  const router = useRouter()
  return async (user: SessionUser) => {
    showToast({ title: () => m.login_success(), type: 'success' })
    const landing = landingAfterLogin(user, redirectTo)
    if (landing.kind === 'redirect') await router.navigate({ href: landing.path })
    else if (landing.kind === 'select-line') await router.navigate({ to: '/{-$location}/user/select-line', params: { location: undefined } })
    else if (landing.kind === 'shop') {
      showToast({ title: () => m.redirect_to_shop(), durationMs: REDIRECT_TOAST_MS })
      window.location.assign(landing.url)
    }
    // Dealer admins (and staff) land on the tree of their own company.
    else await router.navigate({ to: '/companies/$cid', params: { cid: user.company[0] }, search: { search: '' } })
  }
}

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
  const land = useLandAfterLogin(redirectTo)
  const guestLogin = useServerFn(guestLoginFn)
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
      <LoginForm onLoggedIn={land} test={test} disabled={!allowed} />
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
                const result = await guestLogin()
                if (result.ok) await land(result.user)
                else showErrorToast(result.messages)
              } catch (caught) {
                showErrorToast(messagesOf(caught))
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
