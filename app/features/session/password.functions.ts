import { createServerFn } from '@tanstack/react-start'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { passwordChangeEndpoint, passwordChangeProblems, passwordLinkCheckEndpoint, passwordResetEndpoint } from '../../../src/contract/password'
import { registerContactEndpoint } from '../../../src/contract/register'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { env } from '../../../src/server/env.server'
import { mailboxDir } from '../../../src/server/services/mail/transport.server'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/request-context.server'

// Forgot and reset password (issue 17), and the local mailbox the mails land in without SMTP.
export const passwordResetFn = createServerFn(fnMethod<typeof passwordResetEndpoint>('POST'))
  .validator(fnInput(passwordResetEndpoint))
  .handler(fnAnswer(passwordResetEndpoint))

/** Whether a reset link still works: null when it does, else the page's words for it. */
export const passwordLinkCheckFn = createServerFn(fnMethod<typeof passwordLinkCheckEndpoint>('GET'))
  .validator(fnInput(passwordLinkCheckEndpoint))
  .handler(async ({ data }): Promise<{ problem: ReadonlyArray<string> | null }> => {
    const answer = await callEndpoint(passwordLinkCheckEndpoint, data, callContext())
    if (answer.status) return { problem: null }
    const problems = passwordChangeProblems.safeParse(answer.data)
    // Only a judged link is refused here; anything else (offline) lets the form try.
    return { problem: problems.success && problems.data.token_problem ? answer.messages : null }
  })

/** Registration step 1, with the refusal's messages by field. */
export const registerContactFn = createServerFn(fnMethod<typeof registerContactEndpoint>('POST'))
  .validator(fnInput(registerContactEndpoint))
  .handler(async ({ data }) => {
    const answer = await callEndpoint(registerContactEndpoint, data, callContext())
    if (answer.status) return { status: true as const, data: answer.data }
    const problems = passwordChangeProblems.safeParse(answer.data)
    return { status: false as const, messages: answer.messages, fields: problems.success ? (problems.data.fields ?? {}) : {} }
  })

/** The change, with what the screen needs of a refusal: the token's problem and the fields' messages. */
export const passwordChangeFn = createServerFn(fnMethod<typeof passwordChangeEndpoint>('POST'))
  .validator(fnInput(passwordChangeEndpoint))
  .handler(async ({ data }) => {
    const answer = await callEndpoint(passwordChangeEndpoint, data, callContext())
    if (answer.status) return { ok: true as const, username: answer.data.username }
    const problems = passwordChangeProblems.safeParse(answer.data)
    return {
      ok: false as const,
      messages: answer.messages,
      tokenProblem: problems.success ? (problems.data.token_problem ?? null) : null,
      fields: problems.success ? (problems.data.fields ?? {}) : {},
    }
  })

const mailboxEntry = z.object({ id: z.number(), to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() })
export type MailboxEntry = z.infer<typeof mailboxEntry>

/** The local mailbox (decision 030): only while no SMTP server is set; newest first, at most 50. */
export const mailboxFn = createServerFn({ method: 'GET' }).handler(async (): Promise<{ enabled: boolean; mails: MailboxEntry[] }> => {
  if (env().SMTP_URL) return { enabled: false, mails: [] }
  const dir = mailboxDir()
  const names = await readdir(dir).catch(() => [])
  const summaries = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, 50)
  const mails: MailboxEntry[] = []
  for (const name of summaries) {
    const parsed = mailboxEntry.safeParse(parseJson(await readFile(join(dir, name), 'utf8').catch(() => '')))
    if (parsed.success) mails.push(parsed.data)
  }
  return { enabled: true, mails }
})

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
