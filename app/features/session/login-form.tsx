import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button, field as fieldRecipe, input } from '../../../styled-system/recipes'
import { nextTask, once, whenIdle } from '../../ui/lazy-part'
import { useLocale } from '../../ui/locale'
import { takeHeldSubmit } from '../../ui/held-submit'
import type { LoginFormLive, LoginFormProps, LoginFormStart } from './login-form-live'
import { passwordRowClass, passwordToggleClass } from '../../ui/form/password-row'

// The login form on home, login and test-login (docs/decisions/035-page-weight.md). The page
// carries a plain form that looks the same: its fields take typing from the first moment, its
// show-password button works, a submit is kept. The form layer (TanStack Form, zod and the
// login's schema: about 50 KB gzip, a third of what these pages would load otherwise) comes when
// the browser is first idle or when the form is reached for, and takes the plain form's place
// with what it held (values, the shown password, the focus and caret), then sends a submit
// that was asked for meanwhile.

/** Where the focus was in the plain form: a field's name (with its caret) or one of its buttons. */
type Focus = { part: 'username' | 'password' | 'show' | 'submit'; from: number | null; to: number | null }
type Swap = { Form: typeof LoginFormLive; start: LoginFormStart; focus: Focus | null; submit: boolean }

/**
 * The login's form layer (the form, the guest login, the landing), fetched once. Evaluated in
 * three tasks, not one: zod with the login's rules, then the form layer, then the swap (one
 * task of some 70 ms on this machine, about 290 ms on Lighthouse's slow phone, which counted
 * for most of home's blocking time).
 */
export const loadLoginLayer = once(async () => {
  await import('../../../src/contract/session')
  await nextTask()
  const layer = await import('./login-form-live')
  await nextTask()
  return layer
})

const PART_SELECTOR: Record<Focus['part'], string> = {
  username: 'input[name="username"]',
  password: 'input[name="password"]',
  show: 'button[aria-controls]',
  submit: 'button[type="submit"]',
}

function focusIn(form: HTMLFormElement): Focus | null {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || !form.contains(active)) return null
  for (const [part, selector] of Object.entries(PART_SELECTOR) as [Focus['part'], string][]) {
    if (!active.matches(selector)) continue
    const caret = active instanceof HTMLInputElement ? { from: active.selectionStart, to: active.selectionEnd } : { from: null, to: null }
    return { part, ...caret }
  }
  return null
}

function controlOf(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const control = form.elements.namedItem(name)
  return control instanceof HTMLInputElement ? control : null
}

/** Loads the form layer's login form and puts it in the plain form's place with what that held. */
function bring(form: HTMLFormElement | null, submitAsked: { current: boolean }, setSwap: (swap: Swap) => void, setBusy: (busy: boolean) => void) {
  loadLoginLayer().then(
    ({ LoginFormLive: Form }) => {
      if (!form?.isConnected) return
      // Read and replaced in one task (flushSync): no key typed in between is lost.
      const password = controlOf(form, 'password')
      const start = { username: controlOf(form, 'username')?.value ?? '', password: password?.value ?? '', passwordShown: password?.type === 'text' }
      flushSync(() => setSwap({ Form, start, focus: focusIn(form), submit: submitAsked.current }))
    },
    (error: unknown) => {
      // Offline before the script was cached: the plain form stays and the next reach tries again.
      setBusy(false)
      submitAsked.current = false
      console.warn('[portal] the login form could not load:', error)
    },
  )
}

export function LoginForm(props: LoginFormProps) {
  useLocale()
  const { test = false, disabled = false } = props
  const box = useRef<HTMLDivElement>(null)
  const plain = useRef<HTMLFormElement>(null)
  const submitAsked = useRef(false)
  const [swap, setSwap] = useState<Swap | null>(null)
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState(false)
  const id = useId()

  const bringLive = () => bring(plain.current, submitAsked, setSwap, setBusy)

  useEffect(() => {
    // Sent before this script ran (app/ui/held-submit.ts): sent now, as if just clicked.
    if (takeHeldSubmit(plain.current) && !disabled) {
      submitAsked.current = true
      setBusy(true)
      bring(plain.current, submitAsked, setSwap, setBusy)
      return
    }
    return whenIdle(() => bring(plain.current, submitAsked, setSwap, setBusy))
    // Once, at the takeover: `disabled` as the page came.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useLayoutEffect(() => {
    const form = box.current?.querySelector('form')
    if (!swap || !form) return
    if (swap.focus) {
      const target = form.querySelector<HTMLElement>(PART_SELECTOR[swap.focus.part])
      target?.focus()
      if (target instanceof HTMLInputElement && swap.focus.from !== null) target.setSelectionRange(swap.focus.from, swap.focus.to)
    }
    if (swap.submit) form.requestSubmit()
  }, [swap])

  const classes = fieldRecipe()
  return (
    <div ref={box} data-login-form={swap ? 'live' : 'plain'} className={css({ display: 'contents' })}>
      {swap ? (
        <swap.Form {...props} start={swap.start} />
      ) : (
        <form
          ref={plain}
          method="post"
          noValidate
          className={css({ display: 'grid', gap: '4', minW: '0', maxW: 'md' })}
          onFocus={bringLive}
          onPointerEnter={bringLive}
          onPointerDown={bringLive}
          onSubmit={(event) => {
            event.preventDefault()
            if (disabled) return
            submitAsked.current = true
            setBusy(true)
            bringLive()
          }}
        >
          <div role="group" className={classes.root}>
            <RequiredLabel htmlFor={`${id}-username`}>{m.field_username()}</RequiredLabel>
            <input id={`${id}-username`} name="username" required autoComplete="username" inputMode="email" maxLength={254} className={input()} />
          </div>
          <div role="group" className={classes.root}>
            <RequiredLabel htmlFor={`${id}-password`}>{m.field_password()}</RequiredLabel>
            <div className={passwordRowClass}>
              <input id={`${id}-password`} name="password" type={shown ? 'text' : 'password'} required autoComplete="current-password" className={input()} />
              <button
                type="button"
                aria-pressed={shown}
                aria-controls={`${id}-password`}
                className={passwordToggleClass}
                onClick={() => setShown((now) => !now)}
              >
                {m.form_password_show()}
              </button>
            </div>
          </div>
          <div>
            <button type="submit" className={button({ variant: 'primary' })} disabled={disabled || busy} aria-busy={busy}>
              {busy ? m.login_submitting() : test ? m.test_login_submit() : m.login_submit()}
            </button>
          </div>
        </form>
      )}
    </div>
  )
}

/** A field's label with the required mark outside the <label>, as the form layer's FieldFrame draws it. */
function RequiredLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  const classes = fieldRecipe()
  return (
    <div className={classes.label}>
      <label htmlFor={htmlFor}>{children}</label>
      <span aria-hidden className={classes.required}>
        *
      </span>
    </div>
  )
}
