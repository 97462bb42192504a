import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { commentCreateEndpoint, commentDeleteEndpoint, commentsEndpoint, reviewData, reviewEndpoint } from '../../../src/contract/translation-team'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext } from '../../request/session-cookies.server'

// The desk's review and comment calls (docs/decisions/049), through the session's token like
// its other calls (translation.functions.ts). 'login': no usable session, what was made waits.

export const reviewFn = createServerFn({ method: 'POST' })
  .validator(fnInput(reviewEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(reviewEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    const conflict = answer.httpStatus === 409 ? reviewData.safeParse(answer.data) : null
    if (conflict?.success) return { kind: 'conflict' as const, data: conflict.data, messages: answer.messages }
    return { kind: 'refused' as const, messages: answer.messages }
  })

export const commentsFn = createServerFn({ method: 'GET' })
  .validator(fnInput(commentsEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(commentsEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })

export const commentCreateFn = createServerFn({ method: 'POST' })
  .validator(fnInput(commentCreateEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(commentCreateEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })

export const commentDeleteFn = createServerFn({ method: 'POST' })
  .validator(fnInput(commentDeleteEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(commentDeleteEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })
