// Where a user goes after login: the first rule that applies wins —
// a redirect query, dealer admins to companies, more than one line to select-line, else the shop.
export type Landing = { kind: 'redirect'; path: string } | { kind: 'companies' } | { kind: 'select-line' } | { kind: 'shop'; url: string }

export type LandingUser = { groups: ReadonlyArray<string>; lines: ReadonlyArray<unknown>; shop_url: string }

export function landingAfterLogin(user: LandingUser, redirect: string | null | undefined): Landing {
  const path = safeRedirectPath(redirect)
  if (path) return { kind: 'redirect', path }
  if (user.groups.includes('IS_DEALER_ADMIN')) return { kind: 'companies' }
  if (user.lines.length > 1) return { kind: 'select-line' }
  return { kind: 'shop', url: user.shop_url }
}

/**
 * A redirect target is only ever a path on this portal: "/x", never "//host", "https://…",
 * "/\host" or anything with control characters — so a shared link cannot send a user away.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return null
  try {
    const url = new URL(value, 'http://portal.invalid')
    if (url.origin !== 'http://portal.invalid') return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

export type HomeTarget = { kind: 'redirect2shop' } | { kind: 'companies' } | { kind: 'shop'; url: string }

/**
 * Home with a valid session: a stored useAs value goes to redirect2shop;
 * otherwise dealer admins go to companies and everyone else to the shop.
 */
export function homeTargetFor(user: LandingUser, hasUseAs: boolean): HomeTarget {
  if (hasUseAs) return { kind: 'redirect2shop' }
  if (user.groups.includes('IS_DEALER_ADMIN')) return { kind: 'companies' }
  return { kind: 'shop', url: user.shop_url }
}
