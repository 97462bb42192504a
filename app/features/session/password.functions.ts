import { createServerFn } from '@tanstack/react-start'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { passwordChangeEndpoint, passwordLinkCheckEndpoint, passwordResetEndpoint, tokenProblemOf } from '../../../src/contract/password'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { registerContactEndpoint } from '../../../src/contract/register'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { env } from '../../../src/server/env.server'
import { mailboxDir } from '../../../src/server/services/mail/transport.server'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/session-cookies.server'

// Forgot and reset password (docs/decisions/030-mail-tokens-passwords.md), and the local mailbox
// the mails land in without SMTP.
export const passwordResetFn = createServerFn(fnMethod<typeof passwordResetEndpoint>('POST'))
  .validator(fnInput(passwordResetEndpoint))
  .handler(fnAnswer(passwordResetEndpoint))

/** Whether a reset link still works: null when it does, else the page's words for it. */
export const passwordLinkCheckFn = createServerFn(fnMethod<typeof passwordLinkCheckEndpoint>('GET'))
  .validator(fnInput(passwordLinkCheckEndpoint))
  .handler(async ({ data }): Promise<{ problem: ReadonlyArray<string> | null }> => {
    const answer = await callEndpoint(passwordLinkCheckEndpoint, data, callContext())
    if (answer.status) return { problem: null }
    // Only a judged link is refused here; anything else (offline) lets the form try.
    return { problem: tokenProblemOf(answer.data) ? answer.messages : null }
  })

/** Registration step 1, with the refusal's messages by field. */
export const registerContactFn = createServerFn(fnMethod<typeof registerContactEndpoint>('POST'))
  .validator(fnInput(registerContactEndpoint))
  .handler(fnAnswer(registerContactEndpoint))

/** The change, with what the screen needs of a refusal: the token's problem and the fields' messages. */
export const passwordChangeFn = createServerFn(fnMethod<typeof passwordChangeEndpoint>('POST'))
  .validator(fnInput(passwordChangeEndpoint))
  .handler(async ({ data }): Promise<Result<{ username: string }, { tokenProblem: ReturnType<typeof tokenProblemOf> }>> => {
    const answer = await callEndpoint(passwordChangeEndpoint, data, callContext())
    if (answer.status) return { status: true, messages: answer.messages, data: { username: answer.data.username } }
    return { ...failureForBrowser(answer), tokenProblem: tokenProblemOf(answer.data) }
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
