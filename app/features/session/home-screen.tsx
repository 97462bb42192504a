import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { SessionUser } from '../../../src/contract/session'
import { landingAfterLogin } from '../../../src/domain/landing'
import { APP_VERSION } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { LanguageSwitch } from '../../ui/language-switch'
import { buttonClass, cardClass, pageClass } from '../../ui/page'
import { LoginForm } from './login-form'
import { logoutFn } from './session.functions'

export function HomeScreen({ user, flashText, redirectTo }: { user: SessionUser | null; flashText: string; redirectTo?: string }) {
  const router = useRouter()
  const logout = useServerFn(logoutFn)
  return (
    <main className={pageClass}>
      <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' })}>{m.home_heading()}</h1>
        <LanguageSwitch />
      </header>
      {flashText ? (
        <p role="status" className={css({ bg: 'warning.100', color: 'warning.700', p: '3', borderRadius: 'control' })}>
          <strong>{m.flash_label()}:</strong> {flashText}
        </p>
      ) : null}
      <section className={cardClass} aria-labelledby="login-heading">
        {user ? (
          <div className={css({ display: 'grid', gap: '2' })}>
            <h2 id="login-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              {m.signed_in_as({ username: user.username })}
            </h2>
            <p>{m.signed_in_company({ company: user.company[1] })}</p>
            <p>{user.groups.length > 0 ? m.signed_in_groups({ groups: user.groups.join(', ') }) : m.signed_in_no_groups()}</p>
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
              <a className={buttonClass} href={user.shop_url}>{m.go_to_shop()}</a>
              <button
                type="button"
                className={buttonClass}
                onClick={async () => {
                  await logout()
                  await router.invalidate()
                }}
              >
                {m.logout()}
              </button>
            </div>
          </div>
        ) : (
          <LoginForm
            onLoggedIn={async (loggedIn) => {
              const landing = landingAfterLogin(loggedIn, redirectTo)
              // Companies has no screen yet: dealer admins stay on the signed-in home page.
              if (landing.kind === 'redirect') await router.navigate({ href: landing.path })
              else if (landing.kind === 'select-line') await router.navigate({ to: '/user/select-line' })
              else if (landing.kind === 'shop') window.location.assign(landing.url)
              else await router.invalidate()
            }}
          />
        )}
      </section>
      <section className={cardClass}>
        <p>{m.home_info()}</p>
      </section>
      <footer className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.footer_version({ version: APP_VERSION })}</footer>
    </main>
  )
}
