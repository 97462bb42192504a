// The rhythm of a team on the desk (docs/decisions/049, "Claims and live saves"), shared by the
// desk and bench/translation-live.ts.

/** How often a visible, online desk asks for the saves, reviews and claims of others. */
export const POLL_MS = 2_000

/** How often an open editor renews its claim: well within the server's CLAIM_TTL_MS (2 minutes), so one failed renewal loses nothing. */
export const CLAIM_RENEW_MS = 45_000
