import { z } from 'zod'

// The code a sign-in with a second factor sends (decision 054). A module of its own: the login
// form loads it with every page, and the second factor's other calls are not needed there.

/** A TOTP code or a recovery code (four groups of four letters and digits; case, spaces and dashes do not matter). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6)
  .max(64)
  .regex(/^[0-9A-Za-z -]+$/)
  .meta({ description: 'The 6 digits the authenticator app shows now, or one of the recovery codes (used up by this call).' })
