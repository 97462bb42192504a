import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { tokenProblemOf } from '../../../src/contract/password'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { registerCompanyEndpoint, registerLinkCheckEndpoint } from '../../../src/contract/register'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext } from '../../request/session-cookies.server'

/** Registration step 2, with what the screen needs of a refusal: the link's problem. */
export const registerCompanyFn = createServerFn(fnMethod<typeof registerCompanyEndpoint>('POST'))
  .validator(fnInput(registerCompanyEndpoint))
  .handler(async ({ data }): Promise<Result<{ company: string }, { tokenProblem: ReturnType<typeof tokenProblemOf> }>> => {
    const answer = await callEndpoint(registerCompanyEndpoint, data, callContext())
    if (answer.status) return { status: true, messages: answer.messages, data: { company: answer.data.company[1] } }
    return { ...failureForBrowser(answer), tokenProblem: tokenProblemOf(answer.data) }
  })

/** Whether a registration link still works: null when it does, else the page's words for it. */
export const registerLinkCheckFn = createServerFn(fnMethod<typeof registerLinkCheckEndpoint>('GET'))
  .validator(fnInput(registerLinkCheckEndpoint))
  .handler(async ({ data }): Promise<{ problem: ReadonlyArray<string> | null }> => {
    const answer = await callEndpoint(registerLinkCheckEndpoint, data, callContext())
    if (answer.status) return { problem: null }
    return { problem: tokenProblemOf(answer.data) ? answer.messages : null }
  })
