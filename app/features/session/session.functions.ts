import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { loginEndpoint, maintenanceEndpoint } from '../../../src/contract/session'
import { callEndpoint } from '../../../src/server/vue/call.server'
import { callContext, clearSession, storeSession, storedUser } from './request-context.server'

// Loose on purpose: the endpoint validates and answers clear messages in the user's language.
const loginForm = z.object({ username: z.string(), password: z.string(), test: z.boolean().optional() })

// Server functions of the session area: they wrap the /vue/ calls and keep the token in a cookie.
export const loginFn = createServerFn({ method: 'POST' })
  .validator(loginForm)
  .handler(async ({ data }) => {
    const result = await callEndpoint(
      loginEndpoint,
      { params: {}, query: { test: data.test ? '1' : undefined }, body: { username: data.username, password: data.password } },
      callContext(),
    )
    if (!result.status) return { ok: false as const, messages: result.messages }
    storeSession(result.data.jwt, result.data.user)
    return { ok: true as const, user: result.data.user }
  })

export const logoutFn = createServerFn({ method: 'POST' }).handler(async () => {
  clearSession()
  return { ok: true as const }
})

/** The signed-in user, after the server confirmed the token is still valid today. */
export const sessionFn = createServerFn({ method: 'GET' }).handler(async () => {
  const context = callContext()
  const maintenance = await callEndpoint(maintenanceEndpoint, { params: {}, query: {}, body: undefined }, context)
  const settings = maintenance.status ? maintenance.data : null
  const user = context.token && settings?.jwt ? storedUser() : null
  if (context.token && !user) clearSession()
  return { user, maintenance: settings }
})
