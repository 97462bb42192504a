import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import {
  secondFactorDisableEndpoint,
  secondFactorEnableEndpoint,
  secondFactorSetupEndpoint,
  secondFactorStatusEndpoint,
} from '../../../src/contract/second-factor'
import { endOtherSessionsEndpoint, endSessionEndpoint, signInsEndpoint, userSessionsEndpoint } from '../../../src/contract/user-sessions'
import { callForBrowser } from '../../../src/server/endpoint/call.server'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/session-cookies.server'
import { qrCodeDataUrl } from './qr-svg.server'

// The Security page's server functions (sessions, decision 056; second factor, decision 054),
// derived from their endpoints, and the query options of its three lists.
export const sessionsFn = createServerFn(fnMethod<typeof userSessionsEndpoint>('GET'))
  .validator(fnInput(userSessionsEndpoint))
  .handler(fnAnswer(userSessionsEndpoint))

export const endSessionFn = createServerFn(fnMethod<typeof endSessionEndpoint>('POST'))
  .validator(fnInput(endSessionEndpoint))
  .handler(fnAnswer(endSessionEndpoint))

export const endOtherSessionsFn = createServerFn(fnMethod<typeof endOtherSessionsEndpoint>('POST'))
  .validator(fnInput(endOtherSessionsEndpoint))
  .handler(fnAnswer(endOtherSessionsEndpoint))

export const signInsFn = createServerFn(fnMethod<typeof signInsEndpoint>('GET')).validator(fnInput(signInsEndpoint)).handler(fnAnswer(signInsEndpoint))

export const secondFactorStatusFn = createServerFn(fnMethod<typeof secondFactorStatusEndpoint>('GET'))
  .validator(fnInput(secondFactorStatusEndpoint))
  .handler(fnAnswer(secondFactorStatusEndpoint))

/** The setup's secret and URL, and the URL as a QR code (an SVG data: URL) made here on the server. */
export const secondFactorSetupFn = createServerFn(fnMethod<typeof secondFactorSetupEndpoint>('POST'))
  .validator(fnInput(secondFactorSetupEndpoint))
  .handler(async ({ data }) => {
    const answer = await callForBrowser(secondFactorSetupEndpoint, data, callContext())
    if (!answer.status) return answer
    return { ...answer, data: { ...answer.data, qr_code: await qrCodeDataUrl(answer.data.otpauth_url) } }
  })

export const secondFactorEnableFn = createServerFn(fnMethod<typeof secondFactorEnableEndpoint>('POST'))
  .validator(fnInput(secondFactorEnableEndpoint))
  .handler(fnAnswer(secondFactorEnableEndpoint))

export const secondFactorDisableFn = createServerFn(fnMethod<typeof secondFactorDisableEndpoint>('POST'))
  .validator(fnInput(secondFactorDisableEndpoint))
  .handler(fnAnswer(secondFactorDisableEndpoint))

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['security', 'sessions'], queryFn: async () => unwrap(await sessionsFn({ data: {} })).sessions })

export const signInsQueryOptions = () =>
  queryOptions({ queryKey: ['security', 'sign-ins'], queryFn: async () => unwrap(await signInsFn({ data: {} })).sign_ins })

export const secondFactorQueryOptions = () =>
  queryOptions({ queryKey: ['security', 'second-factor'], queryFn: async () => unwrap(await secondFactorStatusFn({ data: {} })) })
