import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { switchBackEndpoint, switchUserEndpoint } from '../../../src/contract/session'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext, storeSession } from '../../request/request-context.server'

// Switch user and the way back: the new token replaces the session cookie, so every page
// and call afterwards acts as that user (the token keeps the real person).
type Result = { ok: true; username: string } | { ok: false; messages: string[] }

// The input goes to the endpoint as it came: its schema checks the address and answers in the user's language.
export const switchUserFn = createServerFn({ method: 'POST' })
  .validator(fnInput(switchUserEndpoint))
  .handler(async ({ data }): Promise<Result> => {
    const result = await callEndpoint(switchUserEndpoint, data, callContext())
    if (!result.status) return { ok: false, messages: result.messages }
    storeSession(result.data.jwt, result.data.user)
    return { ok: true, username: result.data.user.username }
  })

export const switchBackFn = createServerFn({ method: 'POST' }).handler(async (): Promise<Result> => {
  const result = await callEndpoint(switchBackEndpoint, { params: {}, query: {}, body: undefined }, callContext())
  if (!result.status) return { ok: false, messages: result.messages }
  storeSession(result.data.jwt, result.data.user)
  return { ok: true, username: result.data.user.username }
})
