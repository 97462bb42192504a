import { Link, useRouter } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Notice, buttonClass } from '../../ui/page'
import { forgetOfflinePages } from '../../ui/offline-pages'
import type { TranslationAccess } from './translation-access'

// The translation pages open without a login, but loading and saving need a
// user with CAN_TRANSLATE. These say which of the two is missing and offer the way back here
// with one: the login page, or — for a signed-in user — logging out first (the login page
// would only send a signed-in user on, which looked like a reload).

/** Log in, or log in as another user, and come back to this page. */
export function LoginAction({ access, label, className = buttonClass }: { access: TranslationAccess; label?: string; className?: string }) {
  // The router itself (every page has it): useLocation's and useNavigate's modules would come
  // with this part, and moved the router's shared hooks into chunks of their own (decision 035).
  const router = useRouter()
  const back = router.state.location.href
  if (access.username === null) {
    return (
      <Link to="/{-$location}/login" params={{ location: undefined }} search={{ redirect: back }} className={className}>
        {label ?? m.translation_login_link()}
      </Link>
    )
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => void forgetOfflinePages().then(() => router.navigate({ to: '/logout', search: { redirect: back } }))}
    >
      {label ?? m.translation_login_other()}
    </button>
  )
}

/** What is missing for loading and saving: a login, or the translation permission. */
export function AccessNotice({ access }: { access: TranslationAccess }) {
  if (access.canTranslate) return null
  return (
    <Notice tone="warning">
      <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
        <p data-testid="translation-access">
          {access.username === null ? m.translation_access_signed_out() : m.translation_access_no_permission({ username: access.username })}
        </p>
        <LoginAction access={access} />
      </div>
    </Notice>
  )
}
