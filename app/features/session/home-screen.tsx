import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { SessionUser } from '../../../src/contract/session'
import { APP_VERSION } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { LanguageSwitch } from '../../ui/language-switch'
import { LoginForm } from './login-form'
import { logoutFn } from './session.functions'

const page = css({ maxW: '960px', mx: 'auto', px: { base: '4', md: '8' }, py: '6', display: 'grid', gap: '6' })
const card = css({ bg: 'bg.subtle', borderRadius: 'card', p: { base: '4', md: '6' }, border: '1px solid', borderColor: 'border' })
const button = css({
  bg: 'accent', color: 'white', px: '4', py: '2', borderRadius: 'control', cursor: 'pointer', fontWeight: 'semibold',
  _hover: { bg: 'accent.hover' },
})

export function HomeScreen({ user, flashText }: { user: SessionUser | null; flashText: string }) {
  const router = useRouter()
  const logout = useServerFn(logoutFn)
  return (
    <main className={page}>
      <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' })}>{m.home_heading()}</h1>
        <LanguageSwitch />
      </header>
      {flashText ? (
        <p role="status" className={css({ bg: 'warning.100', color: 'warning.700', p: '3', borderRadius: 'control' })}>
          <strong>{m.flash_label()}:</strong> {flashText}
        </p>
      ) : null}
      <section className={card} aria-labelledby="login-heading">
        {user ? (
          <div className={css({ display: 'grid', gap: '2' })}>
            <h2 id="login-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              {m.signed_in_as({ username: user.username })}
            </h2>
            <p>{m.signed_in_company({ company: user.company[1] })}</p>
            <p>{user.groups.length > 0 ? m.signed_in_groups({ groups: user.groups.join(', ') }) : m.signed_in_no_groups()}</p>
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
              <button
                type="button"
                className={button}
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
          <LoginForm onLoggedIn={() => router.invalidate()} />
        )}
      </section>
      <section className={card}>
        <p>{m.home_info()}</p>
      </section>
      <footer className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.footer_version({ version: APP_VERSION })}</footer>
    </main>
  )
}
