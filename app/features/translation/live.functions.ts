import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { claimEndpoint, liveEndpoint } from '../../../src/contract/translation-team'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The desk's claim on its open text and its poll of the saves and claims of others
// (docs/decisions/049, "Claims and live saves"). The browser holds no token: the server
// function adds the session's.
export const claimTextFn = createServerFn(fnMethod<typeof claimEndpoint>('POST')).validator(fnInput(claimEndpoint)).handler(fnAnswer(claimEndpoint))
export const liveDeskFn = createServerFn(fnMethod<typeof liveEndpoint>('GET')).validator(fnInput(liveEndpoint)).handler(fnAnswer(liveEndpoint))
