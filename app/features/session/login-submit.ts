import type { useRouter } from '@tanstack/react-router'
import type { SessionUser } from '../../../src/contract/session'
import { landingAfterLogin } from '../../../src/domain/landing'
import { REDIRECT_TOAST_MS } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { messagesOf } from '../../ui/call-result'
import { showErrorToast, showToast } from '../../ui/toast'
import { loginProblems, type LoginValues, type Problems } from './login-checks'
import { guestLoginFn, loginFn } from './session.functions'

// The login's checks, its call and where it lands: loaded when the form is first reached for
// (login-form.tsx). Two fields need no schema library and no form library
// in the browser (docs/decisions/035-page-weight.md): the checks are login-checks.ts, and the
// server's refusal is shown as it comes.

export { codeWords, loginProblems } from './login-checks'

type Router = ReturnType<typeof useRouter>

/** What a submit came to, for the form to show (a login that succeeded has navigated away). */
export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'problems'; problems: Problems }
  /** The password was right and the account asks for its code: the code field comes, with the server's prompt. */
  | { kind: 'ask-code'; prompt: ReadonlyArray<string> }
  /** Refused: on the form, or on the code field when the code was wrong. */
  | { kind: 'refused'; messages: ReadonlyArray<string>; onCode: boolean }

/** Checks the values, sends them, and lands where the landing rules say. */
export async function submitLogin(
  values: LoginValues,
  { router, redirectTo, test }: { router: Router; redirectTo?: string; test: boolean },
): Promise<LoginOutcome> {
  const problems = loginProblems(values)
  if (Object.keys(problems).length > 0) return { kind: 'problems', problems }
  let result: Awaited<ReturnType<typeof loginFn>>
  try {
    result = await loginFn({
      data: { username: values.username, password: values.password, code: values.code ?? undefined, test: test ? '1' : undefined },
    })
  } catch (caught) {
    // Offline, or an answer that is not the login's: said on the form.
    return { kind: 'refused', messages: messagesOf(caught), onCode: false }
  }
  if (result.ok && result.setUpSecondFactor) {
    // Required for this account and not set up yet: the Security page first (decision 054).
    showToast({ title: () => m.second_factor_setup_asked(), type: 'success' })
    await router.navigate({ to: '/security' })
    return { kind: 'signed-in' }
  }
  if (result.ok) {
    await land(router, redirectTo, result.user)
    return { kind: 'signed-in' }
  }
  // Not a mistake but the next step: the prompt shows on the form, not as an error toast.
  if (result.secondFactor && values.code === null) return { kind: 'ask-code', prompt: result.messages }
  showErrorToast(result.messages)
  return { kind: 'refused', messages: result.messages, onCode: result.secondFactor }
}

/** After a login, the first landing rule that applies wins. */
async function land(router: Router, redirectTo: string | undefined, user: SessionUser): Promise<void> {
  showToast({ title: () => m.login_success(), type: 'success' })
  const landing = landingAfterLogin(user, redirectTo)
  if (landing.kind === 'redirect') await router.navigate({ href: landing.path })
  else if (landing.kind === 'select-line') await router.navigate({ to: '/{-$location}/user/select-line', params: { location: undefined } })
  else if (landing.kind === 'shop') {
    showToast({ title: () => m.redirect_to_shop(), durationMs: REDIRECT_TOAST_MS })
    window.location.assign(landing.url)
  }
  // Dealer admins (and staff) land on the tree of their own company.
  else await router.navigate({ to: '/companies/$cid', params: { cid: user.company[0] }, search: { search: '' } })
}

/** "Login as Guest": the site's guest account, then the same landing as a login. */
export async function guestLogIn(router: Router, redirectTo: string | undefined): Promise<void> {
  try {
    const result = await guestLoginFn()
    if (result.ok) await land(router, redirectTo, result.user)
    else showErrorToast(result.messages)
  } catch (caught) {
    showErrorToast(messagesOf(caught))
  }
}
