import { z } from 'zod'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { secondFactorCode } from './second-factor-code'

// A second factor for login (decision 054): TOTP (RFC 6238: 30 s, 6 digits, SHA-1) set up,
// enabled and disabled by the signed-in user, with recovery codes for a lost phone.

/** How many recovery codes an enable hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10

/** A code from the authenticator app: six digits. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/)
  .meta({ description: 'The 6 digits the authenticator app shows now.' })

export { secondFactorCode }

export const secondFactorStatusEndpoint = defineEndpoint({
  id: 'account.second-factor',
  area: 'account',
  method: 'GET',
  path: '/vue/account/2fa/',
  summary: 'Whether the caller logs in with a second factor, and how many recovery codes are left.',
  access: { kind: 'authenticated' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int().min(0) }),
})

export const secondFactorSetupEndpoint = defineEndpoint({
  id: 'account.second-factor-setup',
  area: 'account',
  method: 'POST',
  path: '/vue/account/2fa/setup/',
  summary:
    'Start setting up a second factor: a new secret (replacing one not yet enabled) for the authenticator app, as base32 and as an otpauth:// URL (for a QR code). 409 while one is enabled; 403 while switched to another user.',
  access: { kind: 'authenticated' },
  failures: [403, 409],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ secret: z.string(), otpauth_url: z.string() }),
})

export const secondFactorEnableEndpoint = defineEndpoint({
  id: 'account.second-factor-enable',
  area: 'account',
  method: 'POST',
  path: '/vue/account/2fa/enable/',
  summary:
    'Turn the second factor on with a code from the app set up before; answers the recovery codes, shown this once. A wrong code is 400 and counts as a failed login; 409 without a setup or when already on.',
  access: { kind: 'authenticated' },
  failures: [403, 409, 429],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ code: totpCode }),
  data: z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
})

export const secondFactorDisableEndpoint = defineEndpoint({
  id: 'account.second-factor-disable',
  area: 'account',
  method: 'POST',
  path: '/vue/account/2fa/disable/',
  summary:
    'Turn the second factor off with a current code or a recovery code; the secret and the recovery codes are deleted. A wrong code is 400 and counts as a failed login; 409 when it is not on.',
  access: { kind: 'authenticated' },
  failures: [403, 409, 429],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ code: secondFactorCode }),
  data: z.object({ enabled: z.literal(false) }),
})
