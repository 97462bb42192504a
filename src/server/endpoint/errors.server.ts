import type { Locale } from '../../contract/envelope'

// Typed errors that handlers throw; dispatch.server.ts maps them to the envelope in one place.
export type LocalizedText = (locale: Locale) => string

export class ApiError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429,
    readonly texts: ReadonlyArray<LocalizedText>,
    readonly data?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(`api error ${httpStatus}`)
  }
}

const one = (status: ApiError['httpStatus']) => (text: LocalizedText, data?: unknown) => new ApiError(status, [text], data)

export const badRequest = one(400)
export const unauthorized = one(401)
export const forbidden = one(403)
export const notFound = one(404)
export const conflict = one(409)
export const tooLarge = one(413)

export function invalidInput(texts: ReadonlyArray<LocalizedText>): ApiError {
  return new ApiError(400, texts)
}

export function throttled(text: LocalizedText, retryAfterSeconds: number): ApiError {
  return new ApiError(429, [text], undefined, { 'Retry-After': String(retryAfterSeconds) })
}
