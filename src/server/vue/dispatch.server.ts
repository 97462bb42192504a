import { appConfig } from '../../../app.config'
import type { Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { getDatabase } from '../db/instance.server'
import { env } from '../env.server'
import { authenticate } from './authenticate.server'
import { readJsonBody, readMultipartBody } from './body.server'
import { spoolMultipartBody } from './spool.server'
import { allImplementations } from './endpoints.server'
import { ApiError, notFound } from './errors.server'
import { hostOf, originOf } from './forwarded.server'
import { refuseNulBytes } from './hostile-input.server'
import { localeOf } from './locale.server'
import { openApiDocument } from './openapi.server'
import { compileRoutes, matchRoutes } from './routes.server'

// The one entry for every /vue/ call: route, token, permission, input, handler, envelope.
// Every failure becomes {status:false, messages} with a fitting code — never a stack trace.
const routes = compileRoutes(allImplementations)

export type DispatchOptions = { clientAddress: string; nowMs?: number }

export async function handleVueRequest(request: Request, options: DispatchOptions): Promise<Response> {
  const locale = localeOf(request)
  try {
    return await dispatch(request, options, locale)
  } catch (error) {
    if (error instanceof ApiError) {
      const messages = error.texts.map((text) => text(locale))
      return envelopeResponse(error.httpStatus, { status: false, messages, data: error.data }, error.headers)
    }
    console.error('[vue] unexpected error', request.method, new URL(request.url).pathname, error)
    return envelopeResponse(500, { status: false, messages: [m.error_internal({}, { locale })] })
  }
}

async function dispatch(request: Request, options: DispatchOptions, locale: Locale): Promise<Response> {
  const url = new URL(request.url)
  const method = request.method.toUpperCase()
  if (url.pathname === '/vue/openapi.json' && method === 'GET') {
    return new Response(JSON.stringify(openApiDocument()), { headers: { 'content-type': 'application/json' } })
  }
  const matches = matchRoutes(routes, url.pathname)
  const match = matches.find((candidate) => candidate.route.implementation.endpoint.method === method)
  if (!match) {
    if (matches.length > 0) {
      const allowed = [...new Set(matches.map((candidate) => candidate.route.implementation.endpoint.method))]
      throw new ApiError(405, [(l) => m.error_method_not_allowed({ method, path: url.pathname }, { locale: l })], undefined, {
        Allow: allowed.join(', '),
      })
    }
    throw notFound((l) => m.error_not_found_endpoint({ method, path: url.pathname }, { locale: l }))
  }
  const { endpoint } = match.route.implementation
  const nowMs = options.nowMs ?? Date.now()
  const { db } = await getDatabase()
  const caller = await authenticate(db, endpoint.access, request, nowMs)
  const bodyless = method === 'GET' || method === 'DELETE'
  const spooled = !bodyless && endpoint.multipart?.spool ? await spoolMultipartBody(request, endpoint.multipart.limitBytes) : null
  let data: unknown
  try {
    const body = bodyless
      ? undefined
      : spooled
        ? spooled.fields
        : endpoint.multipart
          ? await readMultipartBody(request, endpoint.multipart.limitBytes)
          : await readJsonBody(request, appConfig.limits.jsonBodyBytes)
    const raw = { params: match.params, query: Object.fromEntries(url.searchParams), body }
    refuseNulBytes(raw)
    data = await match.route.implementation.run(raw, {
      db,
      caller,
      locale,
      clientAddress: options.clientAddress,
      host: hostOf(request, env().TRUST_PROXY),
      origin: originOf(request, env().TRUST_PROXY),
      nowMs,
    })
  } finally {
    await spooled?.discard()
  }
  // Outside production the answer is checked against its schema, so drift fails tests.
  const checked = env().NODE_ENV === 'production' ? data : endpoint.data.parse(data)
  return envelopeResponse(200, { status: true, messages: [], data: checked })
}

function envelopeResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}
