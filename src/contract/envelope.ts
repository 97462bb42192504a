import { z } from 'zod'

// The answer of every /vue/ call: {status, messages, data?}.
export type Envelope<T> =
  | { status: true; messages: string[]; data: T }
  // httpStatus: the answer's HTTP code, when there was an answer (not for an unreachable backend).
  | { status: false; messages: string[]; data?: unknown; error?: string; httpStatus?: number }

/** Calls whose failures also carry `error` (the product spec: "Translation calls report through an error field"). */
export const ERROR_FIELD_PREFIX = '/vue/i18n/'

/** A failure answer: the messages, and on translation calls the same messages joined in `error`. */
export function failureEnvelope(path: string, messages: string[], data?: unknown): { status: false; messages: string[]; data?: unknown; error?: string } {
  const error = path.startsWith(ERROR_FIELD_PREFIX) ? { error: messages.join('\n') } : {}
  return { status: false, messages, ...(data === undefined ? {} : { data }), ...error }
}

/** A success answer as it is sent: status true, the messages (usually none) and the data. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), messages: z.array(z.string()), data })
}

/** A failure answer as it is sent; `data` only where a call documents it (e.g. a 409's conflicts). */
export function failureSchema<T extends z.ZodType>(data: T, { translation }: { translation: boolean }) {
  const base = z.object({ status: z.literal(false), messages: z.array(z.string()), data: data.optional() })
  return translation ? base.extend({ error: z.string() }) : base
}

export { LOCALES, type Locale } from '../domain/locales'

/** A pair as the legacy API sends it: [id or code, label]. */
export function pair<K extends z.ZodType>(key: K) {
  return z.tuple([key, z.string()])
}
