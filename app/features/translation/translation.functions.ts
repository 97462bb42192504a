import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { articleEndpoint, catalogEndpoint, dumpEndpoint, languageCode, systemTextsEndpoint, vartextTextsEndpoint } from '../../../src/contract/translation'
import { saveData, saveEndpoint, vartextSaveBody, vartextSaveEndpoint, SAVE_KINDS } from '../../../src/contract/translation-save'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { m } from '../../../src/paraglide/messages'
import { callEndpoint, sendToEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext } from '../../request/session-cookies.server'

// The translation workspace's calls. The browser has no token in JavaScript, so loads and
// saves go through these server functions, which add the session's token
// (docs/decisions/004-passwords-and-tokens.md). 'login' means there is no usable session: edits
// stay local until the translator logs in.

export const loadTextsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ scope: z.enum(['vartext', 'system']), src: languageCode, dst: languageCode }))
  .handler(async ({ data }) => {
    // A 100,000-entry answer is far beyond what the server-function serializer passes, so
    // the envelope's JSON goes to the browser as it came (compressed, as every answer); see raw-answer.ts.
    const context = callContext()
    if (!context.token) return rawAnswer(401, { status: false, messages: [] })
    const endpoint = data.scope === 'vartext' ? vartextTextsEndpoint : systemTextsEndpoint
    const response = await sendToEndpoint(endpoint, { params: {}, query: { src: data.src, dst: data.dst }, body: undefined }, context)
    if (!response) return rawAnswer(502, { status: false, messages: [m.error_backend_unreachable({}, { locale: context.locale })] })
    return rawAnswer(response.status, response.body)
  })

/**
 * A raw server-function answer: the /vue/ envelope as JSON, its HTTP code in x-vue-status. It
 * goes out compressed like every other server-function answer (app/server.ts).
 */
function rawAnswer(vueStatus: number, body: ReadableStream<Uint8Array<ArrayBuffer>> | null | { status: false; messages: string[] }): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-vue-status': String(vueStatus) })
  const stream = body instanceof ReadableStream ? body : new Response(JSON.stringify(body)).body!
  return new Response(stream, { headers })
}

export const saveTextsFn = createServerFn({ method: 'POST' })
  .validator(z.object({ scope: z.enum(['vartext', ...SAVE_KINDS]), body: vartextSaveBody }))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer =
      data.scope === 'vartext'
        ? await callEndpoint(vartextSaveEndpoint, { params: {}, query: {}, body: data.body }, context)
        : await callEndpoint(saveEndpoint, { params: {}, query: {}, body: { ...data.body, kind: data.scope } }, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    const conflict = answer.httpStatus === 409 ? saveData.safeParse(answer.data) : null
    if (conflict?.success) return { kind: 'conflict' as const, data: conflict.data, messages: answer.messages }
    return { kind: 'refused' as const, messages: answer.messages }
  })

export const loadCatalogFn = createServerFn({ method: 'GET' })
  .validator(fnInput(catalogEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(catalogEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })

export const loadArticleFn = createServerFn({ method: 'GET' })
  .validator(fnInput(articleEndpoint))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(articleEndpoint, data, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages, notFound: answer.httpStatus === 404 }
  })

export const dumpArticleFn = createServerFn({ method: 'POST' })
  .validator(z.object({ article: z.number().int().positive(), tids: z.array(z.string().min(1).max(200)).min(1).max(2000) }))
  .handler(async ({ data }) => {
    const context = callContext()
    if (!context.token) return { kind: 'login' as const }
    const answer = await callEndpoint(dumpEndpoint, { params: {}, query: { article: data.article }, body: data.tids }, context)
    if (answer.status) return { kind: 'ok' as const, data: answer.data }
    if (answer.httpStatus === 401) return { kind: 'login' as const }
    return { kind: 'refused' as const, messages: answer.messages }
  })
