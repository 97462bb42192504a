import type { Failure, Result } from '../../src/contract/result'
import { switchEndedHref } from './switch-ended'

// Server functions hand back a result (src/contract/result.ts); queries and mutations want data
// or an error that carries the failure (its messages shown in the error state and the error toast).
export class CallFailed extends Error {
  readonly messages: ReadonlyArray<string>
  readonly httpStatus?: number

  constructor(failure: Pick<Failure, 'messages' | 'httpStatus'>) {
    super(failure.messages.join('\n'))
    this.messages = failure.messages
    this.httpStatus = failure.httpStatus
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.status) return result.data
  // A switch to another user past its time: the next page goes back to the person who switched (decision 055).
  if (result.switchEnded && typeof window !== 'undefined') window.location.assign(switchEndedHref(result.switchEnded.user, result.switchEnded.minutes))
  throw new CallFailed(result)
}

export function messagesOf(error: unknown): ReadonlyArray<string> {
  if (error instanceof CallFailed) return error.messages
  return [error instanceof Error ? error.message : String(error)]
}
