// The media queries a page's server render can answer before the browser does
// (docs/decisions/062-screen-hint.md): the browser notes which of them its screen matches in the
// `portal_screen` cookie (SCREEN_COOKIE_SCRIPT, below), one digit per query ("1" matches), and a page it asks for later is
// rendered with only the forms its screen shows — a list's table or its cards, a row's buttons or
// its menu button — instead of both with CSS hiding one. Pure: no window, no request. Every page
// loads this module (its root reads the hint): what only lists need is in use-media-query.ts.

/** From this width list rows show their actions as buttons (Panda's md breakpoint; app/ui/row-actions.ts). */
export const ROW_BUTTONS_QUERY = '(min-width: 48rem)'

/** From this width a TableOrCards shows its table (Panda's xl breakpoint). */
export const DESKTOP_QUERY = '(min-width: 1280px)'

/** The queries the cookie answers, in its digits' order; a new one goes at the end. */
export const SCREEN_QUERIES: readonly string[] = [ROW_BUTTONS_QUERY, DESKTOP_QUERY]

export const SCREEN_COOKIE = 'portal_screen'

const HINT = new RegExp(`^[01]{${SCREEN_QUERIES.length}}$`)

/** The cookie's value when it is one this build reads (a digit per query); null otherwise. */
export function screenHint(value: string | null | undefined): string | null {
  return typeof value === 'string' && HINT.test(value) ? value : null
}

/**
 * The inline script every page carries in its head (app/server.ts; classic, so it runs before the
 * body is parsed, and costs the page no module): it writes the cookie for this screen, and again
 * whenever one of the queries' answers changes (a window resized past a breakpoint, a phone
 * turned), for a year, on every path.
 */
export const SCREEN_COOKIE_SCRIPT =
  `(function(){var q=${JSON.stringify(SCREEN_QUERIES)}.map(function(s){return matchMedia(s)});` +
  `function w(){document.cookie='${SCREEN_COOKIE}='+q.map(function(l){return l.matches?1:0}).join('')+'; path=/; max-age=31536000; samesite=lax'+(location.protocol==='https:'?'; secure':'')}` +
  `w();q.forEach(function(l){l.addEventListener('change',w)})})()`
