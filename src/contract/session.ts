import { z } from 'zod'
import type { SiteConfig } from '../../app.config'
import { PERMISSIONS } from '../domain/permissions'
import { MIN_PASSWORD_LENGTH, SWITCH_REASON_MAX, SWITCH_REASON_MIN, SWITCH_USER_EMAIL_MIN } from '../domain/limits'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { secondFactorCode } from './second-factor-code'

// Session area: login, maintenance, shop URL, country codes, switch user.
export const loginInput = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(1024),
  /** Only for accounts with a second factor (decision 054); ignored for others. */
  code: secondFactorCode.optional(),
})

const idPair = pair(z.number().int())

export const sessionUser = z
  .object({
    username: z.string(),
    id: z.number().int(),
    company: idPair,
    lines: z.array(idPair),
    last_line: idPair.nullable(),
    groups: z.array(z.enum(PERMISSIONS)),
    shop_url: z.string(),
    /** While switched: the person who switched (switch user) and when the switch ends (decision 055); absent otherwise. */
    switched_by: z
      .object({
        id: z.number().int(),
        username: z.string(),
        ends_at: z.iso.datetime().meta({ description: 'When the switch ends: SWITCH_USER_MINUTES after it was made. Past it calls answer 401; switch back.' }),
        minutes: z.number().int().positive().meta({ description: 'How long a switch lasts (SWITCH_USER_MINUTES).' }),
      })
      .meta({ id: 'SwitchedBy' })
      .nullable()
      .optional(),
  })
  .meta({ id: 'SessionUser' })
export type SessionUser = z.infer<typeof sessionUser>

export const switchedUser = sessionUser.required({ switched_by: true }).meta({ id: 'SwitchedSessionUser' })

/** The answer of a switch and of its end: a token and the user it is for. */
const switchedSession = z.object({ jwt: z.string(), user: switchedUser }).meta({ id: 'SwitchedSession' })

/** A login's 401 for an account with a second factor (decision 054): the password was right, the code is missing or wrong. */
export const secondFactorNeeded = z.object({ second_factor: z.literal('totp') }).meta({
  id: 'SecondFactorNeeded',
  description: 'The password was right but the account has a second factor: send the same body again with `code` (a TOTP code or a recovery code).',
})

export const loginEndpoint = defineEndpoint({
  id: 'session.login',
  area: 'session',
  method: 'POST',
  path: '/vue/login/',
  summary:
    'Log in with username (e-mail) and password, plus `code` for an account with a second factor; answers a token and the session user. Without the code such an account answers 401 with data.second_factor.',
  access: { kind: 'public' },
  failures: [401, 403, 429],
  body: loginInput,
  params: NO_PARAMS,
  // test=1 is the test-login screen: allowed while test login is on even when login is off.
  query: z.object({ test: z.enum(['0', '1']).optional() }),
  data: z.object({
    jwt: z.string(),
    user: sessionUser,
    second_factor_setup_required: z
      .literal(true)
      .optional()
      .meta({ description: 'Present while REQUIRE_2FA_FOR_STAFF is on and this user (MANAGE_USERS or CAN_UPLOAD) has no second factor yet: set one up.' }),
  }),
  failureData: { 401: secondFactorNeeded },
  // Refused sign-ins are in the trail too (decision 053).
  activity: 'refusals',
})

export const maintenanceEndpoint = defineEndpoint({
  id: 'session.maintenance',
  area: 'session',
  method: 'GET',
  path: '/vue/maintenance/',
  summary: 'Whether login and test login are allowed, the flash text and a shop redirect.',
  access: { kind: 'optional' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({
    jwt: z.string().nullable(),
    sent_created: z.string().nullable(),
    login_allowed: z.boolean(),
    test_login_allowed: z.boolean(),
    flash_text: z.string(),
    subdomain: z.string().nullable(),
    shop_url: z.string().nullable(),
  }),
})

export const shopUrlEndpoint = defineEndpoint({
  id: 'session.shop-url',
  area: 'session',
  method: 'GET',
  path: '/vue/shop-url/',
  summary: 'Where the logged-in user enters the shop; with cid, as that company (a dealer admin’s "use as").',
  access: { kind: 'authenticated' },
  scope: { company: 'query.cid' },
  failures: [403, 404],
  params: NO_PARAMS,
  query: z.object({ cid: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  body: NO_BODY,
  data: z.object({ login_url: z.string() }),
})

export const countryCodesEndpoint = defineEndpoint({
  id: 'session.country-codes',
  area: 'session',
  method: 'GET',
  path: '/vue/country-codes/',
  summary: 'Country choices as [code, label] pairs in the caller’s language.',
  access: { kind: 'public' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ country_choices: z.array(pair(z.string())) }),
})

/** The data of a 401 whose switched session has ended by time (decision 055): switch back to go on. */
export const switchEnded = z.object({ switch_ended: z.object({ user: z.string(), minutes: z.number().int() }) }).meta({
  id: 'SwitchEnded',
  description: 'The switch to `user` ended after `minutes` (SWITCH_USER_MINUTES): POST /vue/switch-user/back/ still takes the token.',
})
export type SwitchEnded = z.infer<typeof switchEnded>

export const switchUserInput = z.object({
  email: z.email().min(SWITCH_USER_EMAIL_MIN).max(254),
  /** Why: kept in the activity trail with both people (decision 055). */
  reason: z.string().trim().min(SWITCH_REASON_MIN).max(SWITCH_REASON_MAX),
})

export const switchUserEndpoint = defineEndpoint({
  id: 'session.switch-user',
  area: 'session',
  method: 'POST',
  path: '/vue/switch-user/',
  summary:
    'Take over another user by e-mail, giving a reason (3–200 characters, kept in the activity trail); the token records who switched. The switch lasts SWITCH_USER_MINUTES (default 60) from the token’s issue: past it every call with the switched token answers 401 with data.switch_ended, except POST /vue/switch-user/back/ (decision 055).',
  access: { kind: 'permission', permission: 'MANAGE_USERS' },
  failures: [404],
  body: switchUserInput,
  params: NO_PARAMS,
  query: NO_QUERY,
  data: switchedSession,
  // Sent by a switched session past its time (any call but the way back answers it so).
  failureData: { 401: switchEnded },
})

export const switchBackEndpoint = defineEndpoint({
  id: 'session.switch-back',
  area: 'session',
  method: 'POST',
  path: '/vue/switch-user/back/',
  summary:
    'End a switch: a token of the person who switched, as they were before. Also takes a switched token whose switch has ended by time (SWITCH_USER_MINUTES), while the token itself is valid (decision 055).',
  access: { kind: 'authenticated', endedSwitch: 'accepted' },
  failures: [404],
  body: NO_BODY,
  params: NO_PARAMS,
  query: NO_QUERY,
  data: switchedSession,
})

/**
 * What every page knows before it renders (the root route's session): the signed-in user once
 * the server confirmed the token, the maintenance settings, and the site the browser is on.
 */
export type PortalSession = {
  user: SessionUser | null
  /** The token was from another day or tampered with: the session ended on this navigation. */
  expired: boolean
  /** A dealer admin works as one of their companies (the shop hand-off uses it). */
  useAs: boolean
  maintenance: z.output<typeof maintenanceEndpoint.data> | null
  /** The backend could not be reached: its messages (the user stays signed in). */
  unreachable: string[] | null
  site: { id: SiteConfig['id']; title: string; logo: string; guestLogin: boolean; contact: SiteConfig['contact'] }
}
