import { z } from 'zod'
import { failureEnvelope } from './envelope'
import { switchEnded } from './session'

// The one shape of a call's outcome inside the portal (docs/decisions/058-one-result-type.md):
// the data, or a failure with its HTTP code, messages and field problems. The /vue/ envelope
// ({status, messages, data}) is only the wire shape: the frame turns a result into an envelope at
// the HTTP edge (toEnvelope) and the receiving side turns an envelope back into a result
// (fromEnvelope). Browser-safe: server functions hand results to the screens.
/** `messages`: what the answer said besides (usually nothing), as the envelope carries them. */
export type Success<T> = { status: true; messages: string[]; data: T }

export type Failure = {
  status: false
  messages: string[]
  /** The answer's HTTP code; absent when no answer came (an unreachable backend). */
  httpStatus?: number
  /** Messages by field, from the failure's `data.fields` (a 400 naming fields, a 409 e-mail taken). */
  fields?: Record<string, string[]>
  /** A switch to another user that ended by time, and whose it was (decision 055). */
  switchEnded?: { user: string; minutes: number }
}

/** `X`: what a server function adds to a failure for its screen (a link's problem). */
export type Result<T, X extends object = object> = Success<T> | (Failure & X)

/**
 * A result on the server: a failure also keeps the data its answer carried (a page past the
 * end, a link's problem), which stays there (forBrowser drops it; the browser gets `fields`).
 */
export type ResultWithData<T> = Result<T, { data?: unknown }>

const fieldProblems = z.object({ fields: z.record(z.string(), z.array(z.string())) })

/** A failure answer as a result: its code, messages and data, the field problems read from the data. */
export function failed(httpStatus: number | undefined, messages: string[], data?: unknown): Failure & { data?: unknown } {
  const fields = fieldProblems.safeParse(data)
  return {
    status: false,
    messages,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    ...(data === undefined ? {} : { data }),
    ...(fields.success ? { fields: fields.data.fields } : {}),
  }
}

/** The result for the browser: the failure's data stays on the server, a switch that ended is named. */
export function forBrowser<T>(result: ResultWithData<T>): Result<T> {
  return result.status ? result : failureForBrowser(result)
}

/** A failure for the browser (see forBrowser). */
export function failureForBrowser(failure: Failure & { data?: unknown }): Failure {
  const { data, ...shown } = failure
  const ended = shown.httpStatus === 401 ? switchEnded.safeParse(data) : undefined
  return ended?.success ? { ...shown, switchEnded: ended.data.switch_ended } : shown
}

/** The wire shape of a result: the envelope of a /vue/ answer on `path`, and its HTTP code. */
export function toEnvelope(path: string, result: ResultWithData<unknown>): { httpStatus: number; envelope: object } {
  if (result.status) return { httpStatus: 200, envelope: { status: true, messages: result.messages, data: result.data } }
  return { httpStatus: result.httpStatus ?? 500, envelope: failureEnvelope(path, result.messages, result.data) }
}

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

/**
 * An envelope as it arrived (with its HTTP code) as a result, the data parsed with `data`;
 * null when it is no envelope or its data does not fit (the caller's "internal error").
 */
export function fromEnvelope<D extends z.ZodType>(dataSchema: D, json: unknown, httpStatus: number): ResultWithData<z.output<D>> | null {
  const base = envelope.safeParse(json)
  if (!base.success) return null
  if (!base.data.status) return failed(httpStatus, base.data.messages, base.data.data)
  const data = z.safeParse(dataSchema, base.data.data)
  return data.success ? { status: true, messages: base.data.messages, data: data.data } : null
}
