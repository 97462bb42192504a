import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { progressEndpoint } from '../../../src/contract/translation-team'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// GET /vue/i18n/progress/ with the session's token, for the progress screen and its loader.
export const progressFn = createServerFn(fnMethod<typeof progressEndpoint>('GET')).validator(fnInput(progressEndpoint)).handler(fnAnswer(progressEndpoint))

export const progressQueryOptions = () =>
  queryOptions({ queryKey: ['translation', 'progress'], queryFn: async () => unwrap(await progressFn({ data: {} })), staleTime: 30_000 })
