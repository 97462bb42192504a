import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { memoryEndpoint } from '../../../src/contract/tmx'
import { fnAnswer } from '../../request/endpoint-fn.server'

// GET /vue/i18n/memory/ with the session's token, for shared-memory-sync.ts (loaded on first use):
// a file of its own so only that part of the desk holds the call (docs/decisions/049).
export const loadMemoryPageFn = createServerFn(fnMethod<typeof memoryEndpoint>('GET')).validator(fnInput(memoryEndpoint)).handler(fnAnswer(memoryEndpoint))
