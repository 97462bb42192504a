import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { setParentEndpoint, setParentReadEndpoint } from '../../../src/contract/company-parent'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// change-parent: the possible parents (lazily, a node's children a page at a time) and the move.
export const setParentReadFn = createServerFn(fnMethod<typeof setParentReadEndpoint>('GET'))
  .validator(fnInput(setParentReadEndpoint))
  .handler(fnAnswer(setParentReadEndpoint))
export const setParentFn = createServerFn(fnMethod<typeof setParentEndpoint>('POST')).validator(fnInput(setParentEndpoint)).handler(fnAnswer(setParentEndpoint))

export const setParentQueryOptions = (cid: number) =>
  queryOptions({ queryKey: ['companies', cid, 'set-parent'], queryFn: async () => unwrap(await setParentReadFn({ data: { id: cid } })) })

/** One page of a node's children, for the tree's lazy branches and "show more". */
export async function parentChoices(cid: number, node: number, offset: number) {
  return unwrap(await setParentReadFn({ data: { id: cid, node, offset } }))
}
