import { maintenanceEndpoint } from '../../../contract/session'
import { siteForHost } from '../../../../app.config'
import { implement } from '../../endpoint/implement.server'
import { currentMaintenance } from './maintenance.server'

// The maintenance check the UI runs before each navigation. With a valid token it echoes
// the token and when it was created, so the browser can apply the session-validity rule.
export const maintenance = implement(maintenanceEndpoint, async ({ db, caller, host, nowMs }) => {
  const settings = await currentMaintenance(db, nowMs)
  return {
    jwt: caller?.token ?? null,
    sent_created: caller ? new Date(caller.issuedAtMs).toISOString() : null,
    login_allowed: settings.loginAllowed,
    test_login_allowed: settings.testLoginAllowed,
    flash_text: settings.flashText,
    subdomain: settings.subdomain ?? siteForHost(host).subdomain,
    shop_url: settings.shopUrl,
  }
})
