import { appConfig } from '../../../app.config'
import { failureEnvelope, type Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { getDatabase } from '../db/instance.server'
import { env } from '../env.server'
import { addApiHeaders, cameOverHttps, withApiHeaders } from '../security-headers.server'
import { tokenFromHeader } from '../auth/token.server'
import { failureOf } from '../endpoint/failure.server'
import type { Implementation } from '../endpoint/implement.server'
import { answerResponse, type ApiAnswer } from './api-answer.server'
import { allowedOrigin, corsHeaders, optionsAnswer } from './cors.server'
import { readJsonBody, readJsonOrFormBody, readMultipartBody } from './body.server'
import { answerDocument, sessionCookieToken, wantsDocument } from './document.server'
import { spoolMultipartBody } from './spool.server'
import { allImplementations } from '../endpoint/registry.server'
import { ApiError, notFound } from '../endpoint/errors.server'
import { hostOf, originOf } from './forwarded.server'
import { localeOf } from './locale.server'
import { nameRoute, noteCaller } from '../ops/request-context.server'
import { openApiDocument } from './openapi.server'
import { compileRoutes, matchRoutes, type RouteMatch } from './routes.server'
import { successEnvelope } from '../endpoint/shared-json.server'
import { targetOf, type Target } from './target.server'

// The one entry for every /vue/ call: route, token, permission, input, handler, envelope.
// Every failure becomes {status:false, messages} with a fitting code — never a stack trace.
const routes = compileRoutes(allImplementations)

// The routes a path matches, kept per path: the same few paths come again and again. Bounded,
// and long paths (hostile or not) are matched without being kept.
const matchesByPath = new Map<string, RouteMatch[]>()
const MATCH_CACHE_SIZE = 1000

function routesFor(pathname: string): RouteMatch[] {
  if (pathname.length > 200) return matchRoutes(routes, pathname)
  let matches = matchesByPath.get(pathname)
  if (!matches) {
    matches = matchRoutes(routes, pathname)
    if (matchesByPath.size >= MATCH_CACHE_SIZE) matchesByPath.clear()
    matchesByPath.set(pathname, matches)
  }
  return matches
}

export type DispatchOptions = { clientAddress: string; nowMs?: number }

// The methods the API knows; anything else (TRACE, CONNECT, made-up ones) is a 405.
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export async function handleVueRequest(request: Request, options: DispatchOptions): Promise<Response> {
  return answerResponse(await answerVueRequest(request, options))
}

/**
 * The dispatcher's answer to a /vue/ request: a thrown error becomes its envelope and code, and
 * every answer — failures too — gets the security headers and, for an allowed origin, CORS
 * headers. HEAD answers GET's headers without the body.
 */
export async function answerVueRequest(request: Request, options: DispatchOptions): Promise<ApiAnswer> {
  const locale = localeOf(request)
  const target = targetOf(request.url)
  let answer: ApiAnswer
  try {
    answer = await dispatch(request, target, options, locale)
  } catch (error) {
    answer = failureAnswer(error, locale, request.method, target.pathname)
  }
  addApiHeaders(answer.headers, cameOverHttps(request), corsHeaders(allowedOrigin(request, env().CORS_ORIGINS)))
  if (request.method === 'HEAD') answer.body = null
  return answer
}

/**
 * Runs `answer` as the API answers (the upload route's way in, whose answer may come from a
 * remote backend): a thrown error becomes its envelope and code, and every answer gets the
 * security headers and, for an allowed origin, CORS headers.
 */
export async function inEnvelope(request: Request, locale: Locale, answer: () => Promise<Response | ApiAnswer>): Promise<Response> {
  let response: Response
  try {
    const answered = await answer()
    response = answered instanceof Response ? answered : answerResponse(answered)
  } catch (error) {
    response = answerResponse(failureAnswer(error, locale, request.method, targetOf(request.url).pathname))
  }
  const answered = withApiHeaders(response, cameOverHttps(request), corsHeaders(allowedOrigin(request, env().CORS_ORIGINS)))
  return request.method === 'HEAD' ? new Response(null, { status: answered.status, headers: answered.headers }) : answered
}

function failureAnswer(error: unknown, locale: Locale, method: string, path: string): ApiAnswer {
  const failure = failureOf(error, locale, method, path)
  return envelopeAnswer(failure.httpStatus, JSON.stringify(failureEnvelope(path, failure.messages, failure.data)), failure.headers)
}

async function dispatch(request: Request, target: Target, options: DispatchOptions, locale: Locale): Promise<ApiAnswer> {
  const method = request.method.toUpperCase()
  const { pathname } = target
  // HEAD is GET without the body (answerVueRequest drops it).
  const wanted = method === 'HEAD' ? 'GET' : method
  const matches = routesFor(pathname)
  const openApi = pathname === '/vue/openapi.json'
  // The methods this path answers: only needed for OPTIONS and the 405s.
  const methods = () => (openApi ? ['GET', 'HEAD', 'OPTIONS'] : allowedMethods(matches))
  if (!KNOWN_METHODS.has(method)) {
    const known = methods()
    throw methodNotAllowed(method, pathname, known.length > 0 ? known : [...KNOWN_METHODS])
  }
  if (!openApi && matches.length === 0) throw notFound((l) => m.error_not_found_endpoint({ method, path: pathname }, { locale: l }))
  if (method === 'OPTIONS') return optionsAnswer(request, env().CORS_ORIGINS, methods())
  if (openApi) {
    nameRoute('vue.openapi')
    if (wanted !== 'GET') throw methodNotAllowed(method, pathname, methods())
    return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(openApiDocument()) }
  }
  const match = matches.find((candidate) => candidate.route.implementation.endpoint.method === wanted)
  if (!match) throw methodNotAllowed(method, pathname, methods())
  const implementation = match.route.implementation
  const headerToken = tokenFromHeader(request.headers.get('authorization'))
  // A document for a browser (decision 029): the page, or its failure as a page; the session
  // cookie stands in for the header a new window cannot send.
  if (implementation.document && wantsDocument(request.headers.get('accept'))) {
    const token = headerToken ?? sessionCookieToken(request.headers.get('cookie'))
    const nowMs = options.nowMs ?? Date.now()
    const where = { method, path: pathname }
    return answerDocument(implementation.document, locale, nowMs, where, () =>
      dataOf(implementation, request, match.params, { ...options, nowMs, token: token, locale }, target.query()),
    )
  }
  return answerEndpoint(implementation, request, match.params, { ...options, token: headerToken, locale }, target.query())
}

/**
 * One endpoint's answer to a request already routed to it (also the upload route's way in):
 * the frame admits the caller before the body is read, then runs on the parsed body.
 */
export async function answerEndpoint(
  implementation: Implementation,
  request: Request,
  params: Record<string, string>,
  options: DispatchOptions & { token: string | null; locale: Locale },
  query: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams),
): Promise<ApiAnswer> {
  const data = await dataOf(implementation, request, params, options, query)
  // Made once for an answer the read cache shares.
  return envelopeAnswer(200, successEnvelope(data))
}

/** The endpoint's data for a routed request: admission, then the body, then the frame. */
async function dataOf(
  implementation: Implementation,
  request: Request,
  params: Record<string, string>,
  options: DispatchOptions & { token: string | null; locale: Locale },
  query: Record<string, string>,
): Promise<unknown> {
  const { endpoint } = implementation
  const { locale } = options
  // The request's log line and metrics name the endpoint and, once admitted, the caller.
  nameRoute(endpoint.id)
  const nowMs = options.nowMs ?? Date.now()
  const { db } = await getDatabase()
  const caller = await implementation.admit(db, options.token, nowMs)
  noteCaller(caller)
  const base = {
    db,
    locale,
    clientAddress: options.clientAddress,
    userAgent: request.headers.get('user-agent') ?? '',
    host: hostOf(request, env().TRUST_PROXY),
    origin: originOf(request, env().TRUST_PROXY),
    nowMs,
  }
  const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
  // A company in the path or query is checked before the body is read (403 before an upload).
  if (!bodyless) await implementation.admitCompany({ params, query }, base, caller)
  const spooled = !bodyless && endpoint.multipart?.spool ? await spoolMultipartBody(request, endpoint.multipart.limitBytes) : null
  try {
    const body = bodyless
      ? undefined
      : spooled
        ? spooled.fields
        : endpoint.multipart
          ? await readMultipartBody(request, endpoint.multipart.limitBytes)
          : endpoint.form
            ? await readJsonOrFormBody(request, appConfig.limits.jsonBodyBytes)
            : await readJsonBody(request, appConfig.limits.jsonBodyBytes)
    return await implementation.run({ params, query, body }, base, caller)
  } finally {
    await spooled?.discard()
  }
}

/** The methods a path answers: its endpoints', HEAD where GET is, and OPTIONS. */
function allowedMethods(matches: ReadonlyArray<RouteMatch>): string[] {
  if (matches.length === 0) return []
  const methods = new Set<string>(matches.map((candidate) => candidate.route.implementation.endpoint.method))
  return [...KNOWN_METHODS].filter((method) => methods.has(method) || (method === 'HEAD' && methods.has('GET')) || method === 'OPTIONS')
}

function methodNotAllowed(method: string, path: string, allowed: ReadonlyArray<string>): ApiError {
  return new ApiError(405, [(l) => m.error_method_not_allowed({ method: method.slice(0, 20), path }, { locale: l })], undefined, { Allow: allowed.join(', ') })
}

/** An envelope's answer: its JSON text with the API's content type, never stored. */
function envelopeAnswer(status: number, body: ApiAnswer['body'], headers: Record<string, string> = {}): ApiAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, body }
}
