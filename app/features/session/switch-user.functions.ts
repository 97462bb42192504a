import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { switchBackEndpoint, switchUserEndpoint } from '../../../src/contract/session'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext, storeSession } from '../../request/session-cookies.server'

// Switch user and the way back: the new token replaces the session cookie, so every page
// and call afterwards acts as that user (the token keeps the real person).
type Switched = Result<{ username: string }>

// The input goes to the endpoint as it came: its schema checks the address and answers in the user's language.
export const switchUserFn = createServerFn({ method: 'POST' })
  .validator(fnInput(switchUserEndpoint))
  .handler(async ({ data }): Promise<Switched> => {
    const result = await callEndpoint(switchUserEndpoint, data, callContext())
    if (!result.status) return failureForBrowser(result)
    storeSession(result.data.jwt, result.data.user)
    return { status: true, messages: result.messages, data: { username: result.data.user.username } }
  })

export const switchBackFn = createServerFn({ method: 'POST' }).handler(async (): Promise<Switched> => {
  const result = await callEndpoint(switchBackEndpoint, { params: {}, query: {}, body: undefined }, callContext())
  if (!result.status) return failureForBrowser(result)
  storeSession(result.data.jwt, result.data.user)
  return { status: true, messages: result.messages, data: { username: result.data.user.username } }
})
