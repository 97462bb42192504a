// Business constants that both browser and server use.
export const MIN_PASSWORD_LENGTH = 8
export const SESSION_MAX_AGE_MS = 86_400_000
export const ORDERS_PER_PAGE = 25
export const USERS_PER_PAGE = 25
export const PRICE_LOGS_PER_PAGE = 20
export const COMPANY_SEARCH_MIN = 3
export const SWITCH_USER_EMAIL_MIN = 8
/** Why someone switches to another user: said in a few words, kept in the trail (decision 055). */
export const SWITCH_REASON_MIN = 3
export const SWITCH_REASON_MAX = 200
export const APP_VERSION = '1.25.78'
export const TOAST_DEFAULT_MS = 5000
/** How long the pointer rests on a control before its tooltip opens (keyboard focus opens it at once). */
export const TOOLTIP_DELAY_MS = 500
/** The hand-off toast before the browser goes to the shop ('Redirect to shop'). */
export const REDIRECT_TOAST_MS = 1000
export const APP_UPDATE_CHECK_MS = 3_600_000

/** The page size the companies tree asks for (GET /vue/sub-companies2/). */
export const TREE_PAGE_SIZE = 200
/** The most hits one company search answers; `more` says when there were more. */
export const COMPANY_SEARCH_HIT_CAP = 50
/** The longest company search term; more is not a name, customer number or city. */
export const COMPANY_SEARCH_MAX = 100

/** A company search term as the search takes it (trimmed, 3 to 100 characters), or null. */
export function companySearchTermOf(term: string): string | null {
  const trimmed = term.trim()
  return trimmed.length >= COMPANY_SEARCH_MIN && trimmed.length <= COMPANY_SEARCH_MAX ? trimmed : null
}

/** The most entries one answer of a text's history holds (GET /vue/i18n/history/); `more` says when there are older ones. */
export const TRANSLATION_HISTORY_CAP = 50

/** The longest glossary term, translation and note (in characters, after trimming). */
export const GLOSSARY_TERM_MAX = 200
export const GLOSSARY_TRANSLATION_MAX = 500
export const GLOSSARY_NOTE_MAX = 1000
