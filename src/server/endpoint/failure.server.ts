import type { Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { unavailableReason } from '../db/errors.server'
import { noteUnavailable } from '../db/outage.server'
import { logger } from '../ops/logger.server'
import { ApiError } from './errors.server'

// What a failed call answers, whichever way it came: a typed error becomes its code, its
// messages in the caller's language and its data; anything else is a logged 500 that says
// nothing about the cause (never a stack trace). A database that cannot answer now is "try
// again" (decision 050): 503 with Retry-After, logged once an outage, not once a call.
export type Failure = { httpStatus: number; messages: string[]; data?: unknown; headers?: Record<string, string> }

// Seconds: a restart or a released lock is usually over by then.
const DATABASE_RETRY_AFTER = '2'

export function failureOf(error: unknown, locale: Locale, method: string, _path: string): Failure {
  if (error instanceof ApiError) {
    return { httpStatus: error.httpStatus, messages: error.texts.map((text) => text(locale)), data: error.data, headers: error.headers }
  }
  const unavailable = unavailableReason(error)
  if (unavailable) {
    noteUnavailable(unavailable)
    return { httpStatus: 503, messages: [m.error_database_unavailable({}, { locale })], headers: { 'Retry-After': DATABASE_RETRY_AFTER } }
  }
  // The request's line names its route; the path is left out (a query may carry a link's token).
  logger().error({ err: error, method }, 'unexpected error')
  return { httpStatus: 500, messages: [m.error_internal({}, { locale })] }
}
