import type { Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { ApiError } from './errors.server'

// What a failed call answers, whichever way it came: a typed error becomes its code, its
// messages in the caller's language and its data; anything else is a logged 500 that says
// nothing about the cause (never a stack trace).
export type Failure = { httpStatus: number; messages: string[]; data?: unknown; headers?: Record<string, string> }

export function failureOf(error: unknown, locale: Locale, method: string, path: string): Failure {
  if (error instanceof ApiError) {
    return { httpStatus: error.httpStatus, messages: error.texts.map((text) => text(locale)), data: error.data, headers: error.headers }
  }
  console.error('[vue] unexpected error', method, path, error)
  return { httpStatus: 500, messages: [m.error_internal({}, { locale })] }
}
