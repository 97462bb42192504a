import { z } from 'zod'
import type { Permission } from '../domain/permissions'
import { pagePastEnd } from './paging'

// One definition per /vue/ endpoint (decision 005). Browser-safe: schemas only.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type Access =
  | { kind: 'public' }
  | { kind: 'optional' } // works without a token, reads one when given
  // endedSwitch: also admits a switched token past SWITCH_USER_MINUTES (the way back, decision 055).
  | { kind: 'authenticated'; endedSwitch?: 'accepted' }
  | { kind: 'permission'; permission: Permission }

/** HTTP codes of failure answers (the envelope with status:false); 500 is the unexpected one. */
export const FAILURE_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const
export type FailureStatus = (typeof FAILURE_STATUSES)[number]

// Parts an endpoint does not take: unknown query keys are ignored, a body is not read.
export const NO_PARAMS = z.object({})
export const NO_QUERY = z.object({})
export const NO_BODY = z.unknown().transform((): Record<string, never> => ({}))

/** The fields of a part (params, query or body) whose parsed value is a company id. */
type CompanyFields<S extends z.ZodType> = string extends keyof z.output<S>
  ? never
  : { [K in keyof z.output<S>]-?: z.output<S>[K] extends number | undefined ? K : never }[keyof z.output<S>] & string

/**
 * Where the input names the company the call acts on: `params.id`, `query.dealer`,
 * `body.cid`. The frame checks it is in the caller's scope right after parsing, before the
 * handler runs (own company, or below it for IS_DEALER_ADMIN); an absent optional field
 * means the caller's own company.
 */
export type CompanyScope<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  company: `params.${CompanyFields<P>}` | `query.${CompanyFields<Q>}` | `body.${CompanyFields<B>}`
}
export type AnyScope = { company: `${'params' | 'query' | 'body'}.${string}` }

export type EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends Access = Access,
  S extends AnyScope | undefined = AnyScope | undefined,
  M extends HttpMethod = HttpMethod,
> = {
  id: string
  area: string
  method: M
  path: `/vue/${string}/`
  summary: string
  /** Who may call it; the frame enforces it before the input is read. */
  access: A
  /** The company the call acts on, for calls on one company's data (see CompanyScope). */
  scope?: S
  params: P
  query: Q
  body: B
  data: D
  /**
   * A multipart/form-data body (file uploads) of at most `limitBytes`; JSON otherwise. With
   * `spool`, files stream to temporary files as they arrive (never held in memory) and reach
   * the handler as SpooledFile; they are deleted when the handler is done. `json` names text
   * fields that hold JSON, with the schema the handler parses it with (for the document).
   */
  multipart?: { limitBytes: number; spool?: boolean; json?: Record<string, z.ZodType> }
  /**
   * The body may also come as a form (application/x-www-form-urlencoded or multipart/form-data
   * text fields, as the legacy front end posts), read within the same JSON body limit.
   */
  form?: true
  /**
   * The answer is a document: a browser asking for text/html gets the data rendered as an HTML
   * page (failures too), authenticated by the session cookie when no Authorization header is
   * sent; a client asking for JSON gets the envelope as usual (decision 029).
   */
  document?: 'html'
  /**
   * Failure codes the handler itself answers, beyond those its access and input bring (see
   * failureStatusesOf). They are documented in /vue/openapi.json; outside production an
   * answer with a code not listed is logged as an error, so tests catch a missing entry.
   */
  failures?: ReadonlyArray<FailureStatus>
  /** The data a failure answer carries, by code (conflicts, upload problems); see failureDataOf. */
  failureData?: Partial<Record<FailureStatus, z.ZodType>>
  /**
   * A paged list: the query's `page` counts from 1, and a page past the last is a 404 whose data
   * (PagePastEnd) names the last page. Our own screens' in-process calls get the last page in
   * its place, in the same call (src/server/endpoint/paging.server.ts).
   */
  paged?: true
  /**
   * The activity trail (decision 053): a call that is not a GET is recorded when it succeeds;
   * `refusals` records a refused one too (a sign-in with a wrong password), `none` nothing (a
   * claim that lapses by itself, a dump asked for by POST).
   */
  activity?: 'refusals' | 'none'
}

export type AnyEndpoint = EndpointDef

/** An uploaded file on the server's disk (multipart with `spool`). */
export type SpooledFile = { path: string; name: string; type: string; size: number }
export const spooledFile = z.custom<SpooledFile>(
  (value) => typeof value === 'object' && value !== null && typeof (value as SpooledFile).path === 'string',
  'A file is expected.',
)

/** Keeps the literal types of a definition so inputs and outputs are inferred from it. */
export function defineEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  A extends Access,
  S extends CompanyScope<P, Q, B> | undefined = undefined,
  M extends HttpMethod = HttpMethod,
>(def: EndpointDef<P, Q, B, D, A, S, M>): EndpointDef<P, Q, B, D, A, S, M> {
  return def
}

export type EndpointInput<E extends AnyEndpoint> = {
  params: z.input<E['params']>
  query: z.input<E['query']>
  body: z.input<E['body']>
}

export type ParsedInput<E extends AnyEndpoint> = {
  params: z.output<E['params']>
  query: z.output<E['query']>
  body: z.output<E['body']>
}

export type EndpointData<E extends AnyEndpoint> = z.output<E['data']>

/** Fills {name} placeholders of an endpoint path. */
export function endpointUrl(path: string, params: unknown): string {
  const values = typeof params === 'object' && params !== null ? Object.entries(params) : []
  const lookup = new Map(values.map(([key, value]) => [key, String(value)]))
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(lookup.get(name) ?? ''))
}

/** The data of a failure answer with `status`: its definition's, or a paged list's page past the end. */
export function failureDataOf(endpoint: AnyEndpoint, status: FailureStatus): z.ZodType | undefined {
  return endpoint.failureData?.[status] ?? (endpoint.paged && status === 404 ? pagePastEnd : undefined)
}

/**
 * Every failure code an endpoint can answer: 400 for bad input (any endpoint: a NUL byte in
 * any query value is refused before the handler), 401 and 403 from its access, 403 and 404
 * from its company scope, 404 for a paged list's page past the end, 413 and 415
 * (not JSON, or not multipart) for a body, and the codes its handler adds (`failures`).
 */
export function failureStatusesOf(endpoint: AnyEndpoint): FailureStatus[] {
  const takesBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
  const needsToken = endpoint.access.kind === 'authenticated' || endpoint.access.kind === 'permission'
  const derived = new Set<FailureStatus>(endpoint.failures ?? [])
  derived.add(400)
  if (needsToken) derived.add(401)
  if (endpoint.access.kind === 'permission') derived.add(403)
  // Out of scope is a 403; an unknown company is a 404 for callers who see the whole tree.
  if (endpoint.scope) derived.add(403).add(404)
  if (endpoint.paged) derived.add(404)
  if (takesBody) derived.add(413)
  if (takesBody) derived.add(415)
  return FAILURE_STATUSES.filter((status) => derived.has(status))
}
