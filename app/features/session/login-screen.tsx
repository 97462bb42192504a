import { m } from '../../../src/paraglide/messages'
import { useLocale } from '../../ui/locale'
import { Notice, Page, headingClass } from '../../ui/page'
import { LoginCard } from './login-card'
import type { PortalSession } from '../../../src/contract/session'

// login and test-login. The test login shows an orange banner when login is not possible.
export function LoginScreen({ session, redirectTo, test = false }: { session: PortalSession; redirectTo?: string; test?: boolean }) {
  useLocale()
  const maintenance = session.maintenance
  const loginOff = maintenance ? !maintenance.login_allowed : false
  const testOff = maintenance ? !maintenance.test_login_allowed : false
  return (
    <Page>
      <h1 id="page-heading" className={headingClass}>
        {test ? m.test_login_title() : m.login_title()}
      </h1>
      {test && (loginOff || testOff) ? (
        <Notice tone="warning" role="alert">
          {testOff ? m.test_login_banner_off() : m.test_login_banner_login_off()}
        </Notice>
      ) : null}
      <LoginCard session={session} redirectTo={redirectTo} test={test} titled={false} />
    </Page>
  )
}
