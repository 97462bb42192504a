import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { historyEndpoint } from '../../../src/contract/translation-history'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext } from '../../request/session-cookies.server'

// The history of one text in one language (GET /vue/i18n/history/), through
// the session's token like the workspace's other calls (translation.functions.ts).
export const loadHistoryFn = createServerFn({ method: 'GET' })
  .validator(fnInput(historyEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(historyEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })
