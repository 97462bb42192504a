import { z } from 'zod'

// The answer of every /vue/ call: {status, messages, data?} (spec section 7).
export type Envelope<T> =
  | { status: true; messages: string[]; data: T }
  // httpStatus: the answer's HTTP code, when there was an answer (not for an unreachable backend).
  | { status: false; messages: string[]; data?: unknown; error?: string; httpStatus?: number }

/** Calls whose failures also carry `error` (spec section 8: "Translation calls report through an error field"). */
export const ERROR_FIELD_PREFIX = '/vue/i18n/'

/** A failure answer: the messages, and on translation calls the same messages joined in `error`. */
export function failureEnvelope(path: string, messages: string[], data?: unknown) {
  const error = path.startsWith(ERROR_FIELD_PREFIX) ? { error: messages.join('\n') } : {}
  return { status: false as const, messages, ...(data === undefined ? {} : { data }), ...error }
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.boolean(),
    messages: z.array(z.string()),
    data: data.optional(),
  })
}

export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** A pair as the legacy API sends it: [id or code, label]. */
export function pair<K extends z.ZodType>(key: K) {
  return z.tuple([key, z.string()])
}
