import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { passwordChangeProblems } from '../../../src/contract/password'
import { registerCompanyEndpoint, registerLinkCheckEndpoint } from '../../../src/contract/register'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext } from '../../request/request-context.server'

/** Registration step 2, with what the screen needs of a refusal: the link's problem. */
export const registerCompanyFn = createServerFn(fnMethod<typeof registerCompanyEndpoint>('POST'))
  .validator(fnInput(registerCompanyEndpoint))
  .handler(async ({ data }) => {
    const answer = await callEndpoint(registerCompanyEndpoint, data, callContext())
    if (answer.status) return { ok: true as const, company: answer.data.company[1] }
    const problems = passwordChangeProblems.safeParse(answer.data)
    return { ok: false as const, messages: answer.messages, tokenProblem: problems.success ? (problems.data.token_problem ?? null) : null }
  })

/** Whether a registration link still works: null when it does, else the page's words for it. */
export const registerLinkCheckFn = createServerFn(fnMethod<typeof registerLinkCheckEndpoint>('GET'))
  .validator(fnInput(registerLinkCheckEndpoint))
  .handler(async ({ data }): Promise<{ problem: ReadonlyArray<string> | null }> => {
    const answer = await callEndpoint(registerLinkCheckEndpoint, data, callContext())
    if (answer.status) return { problem: null }
    const problems = passwordChangeProblems.safeParse(answer.data)
    return { problem: problems.success && problems.data.token_problem ? answer.messages : null }
  })
