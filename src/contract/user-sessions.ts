import { z } from 'zod'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { contactId } from './contacts'

// Sessions a person can see and end (decision 056): each sign-in is a session; its token names
// it (the `sid` claim), a switch to another user stays inside the session it was made from.
// Ending one refuses its token at once on every server.

export const sessionId = z.uuid().meta({ description: 'A session’s id (as the list gives it).' })

export const userSessionRow = z
  .object({
    id: z.string(),
    created: z.string().meta({ description: 'When the sign-in was (ISO 8601).' }),
    last_seen: z.string().meta({ description: 'The last call made with it, to the minute (ISO 8601).' }),
    browser: z.string().meta({ description: 'Browser and system in words, from the User-Agent (“Firefox on Linux”); empty when unknown.' }),
    address: z.string().meta({ description: 'The address the sign-in came from.' }),
    current: z.boolean().meta({ description: 'The session of this very call.' }),
  })
  .meta({ id: 'UserSession' })
export type UserSessionRow = z.infer<typeof userSessionRow>

export const signInRow = z
  .object({
    at: z.string(),
    outcome: z.enum(['done', 'refused']),
    address: z.string(),
    browser: z.string(),
  })
  .meta({ id: 'SignIn' })
export type SignInRow = z.infer<typeof signInRow>

export const userSessionsEndpoint = defineEndpoint({
  id: 'account.sessions',
  area: 'account',
  method: 'GET',
  path: '/vue/sessions/',
  summary:
    'The open sessions of the person signed in (while switched: of the person who switched), newest first; the one of this call is marked current. A token issued before sessions existed has none.',
  access: { kind: 'authenticated' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ sessions: z.array(userSessionRow) }),
})

export const endSessionEndpoint = defineEndpoint({
  id: 'account.session-end',
  area: 'account',
  method: 'DELETE',
  path: '/vue/sessions/{id}/',
  summary:
    'Ends one of the caller’s own sessions (the current one too: that is a sign-out); its token is refused from then on, on every server. 404 for a session that is not the caller’s or has ended.',
  access: { kind: 'authenticated' },
  failures: [404],
  params: z.object({ id: sessionId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ ended: z.number().int().min(0) }),
})

export const endOtherSessionsEndpoint = defineEndpoint({
  id: 'account.sessions-end-others',
  area: 'account',
  method: 'POST',
  path: '/vue/sessions/end-others/',
  summary: 'Ends every session of the caller but the one of this call; answers how many ended.',
  access: { kind: 'authenticated' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ ended: z.number().int().min(0) }),
})

export const logoutEndpoint = defineEndpoint({
  id: 'session.logout',
  area: 'session',
  method: 'POST',
  path: '/vue/logout/',
  summary:
    'Signs out: the session of this token ends (while switched, the whole session, switch included). Answers how many sessions ended (0 for a token without one).',
  access: { kind: 'authenticated' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ ended: z.number().int().min(0) }),
})

export const endUserSessionsEndpoint = defineEndpoint({
  id: 'contacts.sessions-end',
  area: 'contacts',
  method: 'POST',
  path: '/vue/contact/{id}/end-sessions/',
  summary:
    'For staff with MANAGE_USERS: ends every session of a user of the caller’s companies (tokens from before sessions existed too); answers how many sessions ended. Never the caller.',
  access: { kind: 'permission', permission: 'MANAGE_USERS' },
  failures: [404, 409],
  params: z.object({ id: contactId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ ended: z.number().int().min(0) }),
})

export const signInsEndpoint = defineEndpoint({
  id: 'account.sign-ins',
  area: 'account',
  method: 'GET',
  path: '/vue/account/sign-ins/',
  summary: 'The last 20 sign-ins to the caller’s account (while switched: the switching person’s), refused ones too, newest first, from the activity trail.',
  access: { kind: 'authenticated' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ sign_ins: z.array(signInRow) }),
})
