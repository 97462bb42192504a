import { z } from 'zod'
import { m } from '../../../src/paraglide/messages'
import type { UploadAnswer } from '../../ui/upload-request'

// Reads an upload's envelope: the data when it worked, else the messages (and the endpoint's
// failure data, such as the problem list of a refused price list).
const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

export type Read<T, F> = { ok: true; data: T } | { ok: false; messages: ReadonlyArray<string>; failure: F | null }

export function readUpload<T, F>(answer: UploadAnswer, data: z.ZodType<T>, failure: z.ZodType<F>): Read<T, F> {
  const parsed = envelope.safeParse(answer.body)
  if (!parsed.success) return { ok: false, messages: [m.upload_failed_status({ status: String(answer.httpStatus) })], failure: null }
  if (parsed.data.status) {
    const good = data.safeParse(parsed.data.data)
    return good.success
      ? { ok: true, data: good.data }
      : { ok: false, messages: [m.upload_failed_status({ status: String(answer.httpStatus) })], failure: null }
  }
  const bad = failure.safeParse(parsed.data.data)
  return { ok: false, messages: parsed.data.messages, failure: bad.success ? bad.data : null }
}
