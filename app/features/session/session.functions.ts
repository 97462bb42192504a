import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { siteForHost } from '../../../app.config'
import { fnInput, type CallParts } from '../../../src/contract/endpoint-fn'
import { loginEndpoint, maintenanceEndpoint, secondFactorNeeded, type PortalSession, type SessionUser } from '../../../src/contract/session'
import { env } from '../../../src/server/env.server'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { hostOf } from '../../../src/server/vue/forwarded.server'
import { m } from '../../../src/paraglide/messages'
import { callContext, clearSession, storeSession, storedUseAs, storedUser } from '../../request/request-context.server'

// Server functions of the session area: they wrap the /vue/ calls and keep the token in a cookie.

/** secondFactor: the password was right and the account asks for a code (decision 054). */
type LoginResult = { ok: true; user: SessionUser } | { ok: false; messages: string[]; secondFactor: boolean }

async function logIn(input: CallParts): Promise<LoginResult> {
  const result = await callEndpoint(loginEndpoint, input, callContext())
  if (!result.status) return { ok: false, messages: result.messages, secondFactor: secondFactorNeeded.safeParse(result.data).success }
  storeSession(result.data.jwt, result.data.user)
  return { ok: true, user: result.data.user }
}

export const loginFn = createServerFn({ method: 'POST' })
  .validator(fnInput(loginEndpoint))
  .handler(({ data }) => logIn(data))

/** "Login as Guest": the fixed guest account of the site the browser is on, if it has one. */
export const guestLoginFn = createServerFn({ method: 'POST' }).handler(async (): Promise<LoginResult> => {
  const site = currentSite()
  if (!site.guestAccount) return { ok: false, messages: [m.guest_login_unavailable()], secondFactor: false }
  return logIn({ params: {}, query: {}, body: { username: site.guestAccount, password: env().GUEST_PASSWORD } })
})

export const logoutFn = createServerFn({ method: 'POST' }).handler(async () => {
  clearSession()
  return { ok: true as const }
})

function currentSite() {
  return siteForHost(hostOf(getRequest(), env().TRUST_PROXY))
}

/**
 * What every navigation needs first (spec: the maintenance check runs before each
 * navigation): the maintenance settings, the site, and the signed-in user — only after the
 * server confirmed that the token is still valid today. A token from another day, older
 * than a day, or a tampered display cookie ends the session here.
 */
export const portalSessionFn = createServerFn({ method: 'GET' }).handler(async (): Promise<PortalSession> => {
  const context = callContext()
  const site = currentSite()
  const answer = await callEndpoint(maintenanceEndpoint, { params: {}, query: {}, body: undefined }, context)
  const maintenance = answer.status ? answer.data : null
  let user: SessionUser | null = null
  let expired = false
  if (context.token) {
    const shown = storedUser()
    if (maintenance === null)
      user = shown // backend unreachable: keep the session, say so
    else if (maintenance.jwt && shown) user = shown
    else {
      clearSession()
      expired = true
    }
  }
  return {
    user,
    expired,
    useAs: user !== null && storedUseAs() !== null,
    maintenance,
    unreachable: answer.status ? null : answer.messages,
    site: { id: site.id, title: site.title, logo: site.logo, guestLogin: site.guestAccount !== null, contact: site.contact },
  }
})
