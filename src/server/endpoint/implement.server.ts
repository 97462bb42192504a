import { z } from 'zod'
import type { Locale } from '../../contract/envelope'
import { failureStatusesOf, type Access, type AnyEndpoint, type AnyScope, type EndpointDef } from '../../contract/endpoint'
import type { Caller } from '../auth/caller.server'
import { recordActivity, runWithNote, type ActivityEntry, type ActivityNote } from '../activity/record.server'
import { noteWritten } from '../db/no-room.server'
import type { Db } from '../db/types'
import { env } from '../env.server'
import type { DocumentRenderer } from './document.server'
import { authenticate, callerFor, requireScopedCompany, type CallerOf, type ScopedCompany } from './access.server'
import { ApiError, invalidInput } from './errors.server'
import { refuseNulBytes } from './hostile-input.server'
import type { PastEnd } from './paging.server'
import { issueText } from './validation.server'

// The endpoint frame: binds a handler to its definition. Whatever the transport (the /vue/
// HTTP route or a server function in-process), a call goes admit (token and access, before
// any body is read) → run (NUL refusal, the company scope as soon as its field reads, parsing,
// handler, and outside production the answer's schema). The handler gets typed, validated
// input and a caller already narrowed by its access; it never sees raw request data.
export type BaseContext = {
  db: Db
  locale: Locale
  clientAddress: string
  /** The User-Agent the call came with ('' when none): a session names its browser by it. */
  userAgent?: string
  host: string
  origin: string
  nowMs: number
  /** How a paged list answers a page past the last (paging.server.ts): the API's 404 unless told. */
  pastEnd?: PastEnd
}

export type HandlerContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends Access, S extends AnyScope | undefined> = BaseContext & {
  caller: CallerOf<A>
  /** The company the input names, already checked to be in the caller's scope. */
  company: S extends AnyScope ? ScopedCompany : undefined
  input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
}

export type RawInput = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }

export type Implementation = {
  endpoint: AnyEndpoint
  /** The token check and the endpoint's access: 401/403 before a body is read or parsed. */
  admit(db: Db, token: string | null, nowMs: number): Promise<Caller | null>
  /**
   * The company scope of a company named in the path or query, before a body is read: an
   * upload to a foreign company is a 403 before it is received, whatever the body holds. A
   * company field that does not parse is left to `run`, which names every problem.
   */
  admitCompany(raw: Omit<RawInput, 'body'>, base: BaseContext, caller: Caller | null): Promise<void>
  /** Everything after admission; answers the data the envelope carries. */
  run(raw: RawInput, base: BaseContext, caller: Caller | null): Promise<unknown>
  /** Endpoints answering a document (`document: 'html'`): how data and failures are rendered. */
  document?: DocumentRenderer
}

export function implement<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType, A extends Access, S extends AnyScope | undefined>(
  endpoint: EndpointDef<P, Q, B, D, A, S>,
  handler: (context: HandlerContext<P, Q, B, A, S>) => Promise<z.output<D>>,
): Implementation {
  return {
    endpoint,
    admit: (db, token, nowMs) => authenticate(db, endpoint.access, token, nowMs),
    async admitCompany(raw, base, admitted) {
      if (!endpoint.scope || endpoint.scope.company.startsWith('body.')) return
      refuseNulBytes({ ...raw, body: undefined })
      await companyBeforeInput(endpoint, { ...raw, body: undefined }, base, admitted)
    },
    async run(raw, base, admitted) {
      refuseNulBytes(raw)
      const caller = callerFor<A['kind']>(endpoint.access, admitted)
      // The company first: a foreign one is a 403 whatever else the input holds (a search term
      // too short, a field missing), so a refusal about the input never comes before it.
      const early = await companyBeforeInput(endpoint, raw, base, admitted)
      const input = parseInput(endpoint, raw)
      const note: ActivityNote = {}
      try {
        const company = await scopedCompany(endpoint.scope, input, base, admitted, early)
        const data = await runWithNote(note, () => handler({ ...base, caller, company, input }))
        if (endpoint.method !== 'GET') {
          // A call that may write came through: writes that failed for lack of room work again (decision 050).
          noteWritten()
          if (endpoint.activity !== 'none') await recordActivity(base.db, activityEntry(endpoint, 'done', { base, admitted, company, input, note }))
        }
        // Outside production the answer is checked against its schema, so drift fails tests.
        return env().NODE_ENV === 'production' ? data : endpoint.data.parse(data)
      } catch (error) {
        if (error instanceof ApiError) {
          reportUndocumented(endpoint, error.httpStatus)
          if (endpoint.activity === 'refusals' && REFUSALS.has(error.httpStatus)) {
            await recordActivity(base.db, activityEntry(endpoint, 'refused', { base, admitted, company: undefined, input, note }))
          }
        }
        throw error
      }
    },
  }
}

// A refused sign-in or change of credentials: wrong credentials, locked, throttled.
const REFUSALS = new Set([401, 403, 423, 429])

/** The trail's row of a call (decision 053): the frame's facts, and what the handler noted. */
function activityEntry(
  endpoint: AnyEndpoint,
  outcome: ActivityEntry['outcome'],
  call: { base: BaseContext; admitted: Caller | null; company: ScopedCompany | undefined; input: { params: unknown }; note: ActivityNote },
): ActivityEntry {
  const { base, admitted, company, input, note } = call
  return {
    actorUserId: admitted ? (admitted.actorUserId ?? admitted.userId) : (note.actorUserId ?? null),
    actingAsUserId: admitted && admitted.actorUserId !== null ? admitted.userId : null,
    companyId: note.companyId ?? company?.id ?? admitted?.companyId ?? null,
    action: endpoint.id,
    outcome,
    target: note.target ?? targetOf(input.params),
    changes: note.changes ?? null,
    details: note.details ?? null,
    address: base.clientAddress,
  }
}

/** The path's ids in words (`cid=4 id=17`): what a call acted on when its handler did not say. */
function targetOf(params: unknown): string | null {
  if (typeof params !== 'object' || params === null) return null
  const parts = Object.entries(params).map(([key, value]) => `${key}=${String(value)}`)
  return parts.length > 0 ? parts.join(' ') : null
}

function parseInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  endpoint: { params: P; query: Q; body: B },
  raw: RawInput,
): { params: z.output<P>; query: z.output<Q>; body: z.output<B> } {
  const params = z.safeParse(endpoint.params, raw.params)
  const query = z.safeParse(endpoint.query, raw.query)
  const body = z.safeParse(endpoint.body, raw.body)
  const texts = [
    ...(params.success ? [] : params.error.issues.map((issue) => issueText(issue, raw.params))),
    ...(query.success ? [] : query.error.issues.map((issue) => issueText(issue, raw.query))),
    ...(body.success ? [] : body.error.issues.map((issue) => issueText(issue, raw.body))),
  ]
  if (!params.success || !query.success || !body.success) throw invalidInput(texts)
  return { params: params.data, query: query.data, body: body.data }
}

/**
 * The company the scope names, checked from its field alone (parsed with the field's own
 * schema); undefined when the endpoint has no scope or the field does not parse (then parsing
 * the whole input names the problem, and the scope is checked after it).
 */
async function companyBeforeInput(endpoint: AnyEndpoint, raw: RawInput, base: BaseContext, caller: Caller | null): Promise<ScopedCompany | undefined> {
  if (!endpoint.scope) return undefined
  const [part = 'params', field = ''] = endpoint.scope.company.split('.')
  const name = part === 'query' || part === 'body' ? part : 'params'
  const schema = endpoint[name]
  const source: unknown = raw[name]
  if (!(schema instanceof z.ZodObject)) return undefined
  const fieldSchema: unknown = Reflect.get(schema.shape, field)
  if (!(fieldSchema instanceof z.ZodType)) return undefined
  const value: unknown = typeof source === 'object' && source !== null ? Reflect.get(source, field) : undefined
  const parsed = fieldSchema.safeParse(value)
  if (!parsed.success) return undefined
  return scopedCompany(endpoint.scope, { params: {}, query: {}, body: {}, [name]: { [field]: parsed.data } }, base, caller)
}

// The scope is checked when declared (`known`: already, before the input was parsed); the
// handler's context says so in its type.
async function scopedCompany<S extends AnyScope | undefined>(
  scope: S | undefined,
  input: Record<'params' | 'query' | 'body', unknown>,
  base: BaseContext,
  caller: Caller | null,
  known?: ScopedCompany,
): Promise<S extends AnyScope ? ScopedCompany : undefined>
async function scopedCompany(
  scope: AnyScope | undefined,
  input: Record<'params' | 'query' | 'body', unknown>,
  base: BaseContext,
  caller: Caller | null,
  known?: ScopedCompany,
) {
  if (!scope) return undefined
  return known ?? requireScopedCompany(base.db, caller, companyIdAt(scope, input), base.nowMs)
}

/** The company id at the scope's field; absent means the caller's own company (null). */
export function companyIdAt(scope: AnyScope, input: Record<'params' | 'query' | 'body', unknown>): number | null {
  const [part = 'params', field = ''] = scope.company.split('.')
  const source: unknown = input[part === 'query' || part === 'body' ? part : 'params']
  const value: unknown = typeof source === 'object' && source !== null ? Reflect.get(source, field) : undefined
  return typeof value === 'number' ? value : null
}

/** /vue/openapi.json lists every failure code an endpoint answers; outside production a code it does not list is an error to fix there. */
function reportUndocumented(endpoint: AnyEndpoint, status: number): void {
  if (env().NODE_ENV === 'production') return
  if (failureStatusesOf(endpoint).some((documented) => documented === status)) return
  console.error(`[vue] ${endpoint.id} answered ${status}, which its definition does not list (add it to failures)`)
}
