import type { Locale } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { isNoRoom, unavailableReason } from '../db/errors.server'
import { noteNoRoom } from '../db/no-room.server'
import { noteUnavailable } from '../db/outage.server'
import { logger } from '../ops/logger.server'
import { noteRenderUnavailable } from '../render-outage.server'
import { ApiError } from './errors.server'

// What a failed call answers, whichever way it came: a typed error becomes its code, its
// messages in the caller's language and its data; anything else is a logged 500 that says
// nothing about the cause (never a stack trace). A database that cannot answer now is "try
// again" (decision 050): 503 with Retry-After, logged once an outage, not once a call; one that
// has no room to write says so and asks for a longer wait. A page being rendered is told too.
export type Failure = { httpStatus: number; messages: string[]; data?: unknown; headers?: Record<string, string> }

// Seconds: a restart or a released lock is usually over by then; room on a disk takes a person.
const DATABASE_RETRY_AFTER = '2'
const NO_ROOM_RETRY_AFTER = '30'

export function failureOf(error: unknown, locale: Locale, method: string, _path: string): Failure {
  if (error instanceof ApiError) {
    return { httpStatus: error.httpStatus, messages: error.texts.map((text) => text(locale)), data: error.data, headers: error.headers }
  }
  const unavailable = unavailableReason(error)
  if (unavailable) {
    noteRenderUnavailable(unavailable)
    if (isNoRoom(unavailable)) {
      noteNoRoom(unavailable)
      return { httpStatus: 503, messages: [m.error_no_room({}, { locale })], headers: { 'Retry-After': NO_ROOM_RETRY_AFTER } }
    }
    noteUnavailable(unavailable)
    return { httpStatus: 503, messages: [m.error_database_unavailable({}, { locale })], headers: { 'Retry-After': DATABASE_RETRY_AFTER } }
  }
  // The request's line names its route; the path is left out (a query may carry a link's token).
  logger().error({ err: error, method }, 'unexpected error')
  return { httpStatus: 500, messages: [m.error_internal({}, { locale })] }
}
