// Server functions hand back the /vue/ envelope; queries and mutations want data or an error
// that carries the server's messages (shown in the error state and the error toast).
export class CallFailed extends Error {
  constructor(
    readonly messages: ReadonlyArray<string>,
    readonly httpStatus?: number,
  ) {
    super(messages.join('\n'))
  }
}

export type Answer<T> = { status: true; data: T } | { status: false; messages: ReadonlyArray<string>; httpStatus?: number }

export function unwrap<T>(envelope: Answer<T>): T {
  if (envelope.status) return envelope.data
  throw new CallFailed(envelope.messages, envelope.httpStatus)
}

export function messagesOf(error: unknown): ReadonlyArray<string> {
  if (error instanceof CallFailed) return error.messages
  return [error instanceof Error ? error.message : String(error)]
}
