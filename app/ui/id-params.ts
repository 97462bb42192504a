import { parseRecordId } from '../../src/contract/record-id'

// An {id} in a page URL. A value that names no record (abc, -1, 1.5, 99999999999) matches no
// route: params.parse answers false, so the router shows the not-found page (404, inside the
// layout) instead of a route error (500 without the navbar).
export const idParams = {
  parse: (raw: { id: string }) => {
    const id = parseRecordId(raw.id)
    return id === null ? false : { id }
  },
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
}

/** {id} and the {path} after it (the splat). */
export const idAndPathParams = {
  parse: (raw: { id: string; _splat?: string }) => {
    const id = parseRecordId(raw.id)
    return id === null ? false : { id, _splat: raw._splat }
  },
  stringify: (params: { id: number; _splat?: string }) => ({ id: String(params.id), _splat: params._splat }),
}
