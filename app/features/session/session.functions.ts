import { redirect } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { siteForHost } from '../../../app.config'
import { fnInput, type CallParts } from '../../../src/contract/endpoint-fn'
import { loginEndpoint, maintenanceEndpoint, secondFactorNeeded, switchBackEndpoint, type PortalSession, type SessionUser } from '../../../src/contract/session'
import { logoutEndpoint } from '../../../src/contract/user-sessions'
import { env } from '../../../src/server/env.server'
import { hostOf } from '../../../src/server/http-api/forwarded.server'
import { m } from '../../../src/paraglide/messages'
import { callEndpoint, type CallContext } from '../../../src/server/endpoint/call.server'
import { callContext, clearSession, storeSession, storedUseAs, storedUser } from '../../request/session-cookies.server'
import { switchEndedHref } from '../../ui/switch-ended'

// Server functions of the session area: they wrap the /vue/ calls and keep the token in a cookie.

/** secondFactor: the password was right and the account asks for a code (decision 054). */
/** setUpSecondFactor: REQUIRE_2FA_FOR_STAFF asks this user to set up a second factor now (decision 054). */
type LoginResult = { ok: true; user: SessionUser; setUpSecondFactor: boolean } | { ok: false; messages: string[]; secondFactor: boolean }

async function logIn(input: CallParts): Promise<LoginResult> {
  const result = await callEndpoint(loginEndpoint, input, callContext())
  if (!result.status) return { ok: false, messages: result.messages, secondFactor: secondFactorNeeded.safeParse(result.data).success }
  storeSession(result.data.jwt, result.data.user)
  return { ok: true, user: result.data.user, setUpSecondFactor: result.data.second_factor_setup_required === true }
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

/**
 * Signs out: the server ends the token's session (decision 056), then the cookies go. The cookies
 * go even when that call fails (no token, a session ended already, the backend away).
 */
export const logoutFn = createServerFn({ method: 'POST' }).handler(async () => {
  const context = callContext()
  if (context.token) await callEndpoint(logoutEndpoint, { params: {}, query: {}, body: {} }, context).catch(() => null)
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
 * than a day, or a tampered display cookie ends the session here. A switch to another user
 * past its time goes back to the person who switched, on the switch-user screen (decision 055).
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
    else if (shown?.switched_by && (await switchedBack(context))) throw redirect({ href: switchEndedHref(shown.username, shown.switched_by.minutes) })
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

/** The way back takes a switched token that is refused elsewhere only when its switch ended by time. */
async function switchedBack(context: CallContext): Promise<boolean> {
  const back = await callEndpoint(switchBackEndpoint, { params: {}, query: {}, body: undefined }, context)
  if (back.status) storeSession(back.data.jwt, back.data.user)
  return back.status
}
