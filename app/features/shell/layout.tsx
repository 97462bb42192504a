import { Link } from '@tanstack/react-router'
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { APP_VERSION } from '../../../src/domain/limits'
import { css } from '../../../styled-system/css'
import { LanguageSwitch } from '../../ui/language-switch'
import { NavigationProgress, useNavigating } from '../../ui/navigation-progress'
import { useLocale } from '../../ui/locale'
import { Notice } from '../../ui/page'
import { retriedModule } from '../../ui/lazy-part'
import { AppToaster } from '../../ui/toast'
import type { PortalSession } from '../../../src/contract/session'
import { AppUpdates } from './app-updates'
import { navbarButtonClass, sideMenuFrameClass } from './chrome-classes'
import { UserMenu } from './user-menu'

// The chrome around every screen: navbar, side menu by permission, notices, footer, toasts.
// The side menu, which only a signed-in user has, is a module of its own, fetched when a user is
// signed in; the server renders it as before (signed-in-menu.tsx). The user menu's button is not:
// a click on a part still waiting for its script is lost, and that button is where a user
// reaches first (user-menu.tsx loads its popup on intent instead).
// The lazy parts wait for a fetch that worked and never throw into the page's error screen: a
// fetch that failed (offline before the offline shell kept the script, a page left meanwhile)
// is logged and tried again at the next use of the page; meanwhile a menu the server rendered
// stays as it came, its links plain links, and one the browser renders stays an empty column.
const signedIn = retriedModule(() => import('./signed-in-menu'), 'the side menu')
function loadSignedIn() {
  signedIn.load()
  return signedIn.module
}
const SideMenu = lazy(() => loadSignedIn().then((module) => ({ default: module.SideMenu })))
const PhoneMenuEntries = lazy(() => loadSignedIn().then((module) => ({ default: module.PhoneMenuEntries })))

const navLink = css({
  color: 'inherit',
  textDecoration: 'none',
  px: '2',
  py: '2',
  borderRadius: 'control',
  display: 'inline-flex',
  alignItems: 'center',
  minH: '9',
  _hover: { bg: 'rgba(255,255,255,0.15)' },
  '&[data-status=active]': { textDecoration: 'underline', textUnderlineOffset: '4px' },
})
/** `notices`: what the page should say under the navbar besides maintenance (the switched-user banner). */
export function PortalLayout({ session, notices, children }: { session: PortalSession; notices?: ReactNode; children: ReactNode }) {
  useLocale()
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { user, site, maintenance } = session
  const close = () => setMenuOpen(false)
  const navigating = useNavigating()

  // Esc closes the phone menu, as it closes every other menu and dialog, and gives the focus
  // back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const navbarLinks = (
    <>
      <Link to="/{-$location}/welcome" params={{ location: undefined }} hash="info" className={navLink} onClick={close}>
        {m.nav_info()}
      </Link>
      <Link to="/{-$location}/welcome" params={{ location: undefined }} hash="contact" className={navLink} onClick={close}>
        {m.nav_contact()}
      </Link>
      <Link to="/{-$location}/welcome" params={{ location: undefined }} hash="about" className={navLink} onClick={close}>
        {m.nav_about()}
      </Link>
      {user ? (
        <Link to="/admin" className={navLink} onClick={close}>
          {m.nav_admin()}
        </Link>
      ) : (
        // Register for anonymous users, the user menu otherwise.
        <Link to="/{-$location}/register" params={keepLocation} className={navLink} onClick={close}>
          {m.register_link()}
        </Link>
      )}
    </>
  )

  return (
    <div className={css({ minH: '100dvh', display: 'grid', gridTemplateRows: 'auto auto 1fr auto', gridTemplateColumns: 'minmax(0, 1fr)', overflowX: 'clip' })}>
      <a
        href="#main"
        className={css({
          position: 'absolute',
          left: '2',
          top: '-20',
          zIndex: 'skipLink',
          bg: 'bg',
          color: 'fg',
          px: '3',
          py: '2',
          borderRadius: 'control',
          _focusVisible: { top: '2' },
        })}
      >
        {m.skip_to_content()}
      </a>
      <header className={css({ bg: 'accent', color: 'white' })}>
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: { base: '2', md: '4' },
            px: { base: '3', md: '6' },
            py: '2',
            maxW: '1280px',
            mx: 'auto',
          })}
        >
          <Link
            to="/"
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              color: 'white',
              textDecoration: 'none',
              fontWeight: 'bold',
              minW: '0',
              flexShrink: 1,
            })}
          >
            <img src={site.logo} alt="" width={32} height={32} />
            <span className={css({ minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{site.title}</span>
          </Link>
          <nav aria-label={m.navbar_label()} className={css({ display: { base: 'none', lg: 'flex' }, gap: '1', ml: '4' })}>
            {navbarLinks}
          </nav>
          <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
            <LanguageSwitch />
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link to="/{-$location}/login" params={{ location: undefined }} className={css({ display: { base: 'none', sm: 'inline-flex' } }) + ' ' + navLink}>
                {m.login_heading()}
              </Link>
            )}
            <button
              ref={toggleRef}
              type="button"
              aria-expanded={menuOpen}
              aria-controls="portal-menu"
              onClick={() => setMenuOpen((open) => !open)}
              className={`${navbarButtonClass} ${css({ display: { base: 'inline-flex', lg: 'none' } })}`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className={css({ srOnly: true })}>{m.menu_toggle()}</span>
            </button>
          </div>
        </div>
        {menuOpen ? (
          <nav id="portal-menu" aria-label={m.navbar_label()} className={css({ display: { base: 'grid', lg: 'none' }, px: '3', pb: '3', gap: '1' })}>
            {navbarLinks}
            {user ? null : (
              <Link to="/{-$location}/login" params={{ location: undefined }} className={navLink} onClick={close}>
                {m.login_heading()}
              </Link>
            )}
            {user ? (
              <Suspense fallback={null}>
                <PhoneMenuEntries user={user} className={navLink} onPick={close} />
              </Suspense>
            ) : null}
          </nav>
        ) : null}
      </header>
      <div>
        {maintenance?.flash_text ? (
          <Notice tone="warning" className={css({ borderRadius: '0' })}>
            <strong>{m.flash_label()}:</strong> {maintenance.flash_text}
          </Notice>
        ) : null}
        {notices}
        {session.unreachable ? (
          <Notice tone="danger" role="alert" className={css({ borderRadius: '0' })}>
            {m.error_backend_unreachable()}
          </Notice>
        ) : null}
      </div>
      <div className={css({ display: 'flex', w: 'full', maxW: '1280px', mx: 'auto', minW: '0' })}>
        {user ? (
          <Suspense fallback={<div aria-hidden="true" className={sideMenuFrameClass} />}>
            <SideMenu user={user} />
          </Suspense>
        ) : null}
        <main id="main" tabIndex={-1} aria-busy={navigating} className={css({ flex: '1', minW: '0', outline: 'none' })}>
          {children}
        </main>
      </div>
      <footer className={css({ borderTop: '1px solid', borderColor: 'border', color: 'fg.muted', fontSize: 'sm', px: { base: '4', md: '8' }, py: '4' })}>
        <div className={css({ maxW: '1280px', mx: 'auto', display: 'flex', flexWrap: 'wrap', gap: '4', justifyContent: 'space-between' })}>
          <span>{site.title}</span>
          <span>{m.footer_version({ version: APP_VERSION })}</span>
        </div>
      </footer>
      <NavigationProgress active={navigating} />
      <AppToaster />
      <AppUpdates />
    </div>
  )
}
