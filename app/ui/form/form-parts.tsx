import { useStore } from '@tanstack/react-form'
import { useEffect, useRef, type ReactNode } from 'react'
import { css, cx } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { useLocale } from '../locale'
import { Notice } from '../page'
import { firstProblemText } from './form-problem'
import { useFormContext } from './form-context'
import { takeHeldSubmit, takeTypedBefore } from '../held-submit'

/**
 * The <form> of a form-layer form: Enter in a field submits; a submit while one is under way
 * is dropped; after a refused submit the first field with a problem (in page order) gets focus.
 */
export function FormFrame({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  const form = useFormContext()
  const element = useRef<HTMLFormElement>(null)
  const sending = useRef(false)
  async function submit() {
    if (sending.current) return
    sending.current = true
    try {
      // A refusal from the last try (kept until a change) must not block sending again.
      if (form.state.submissionAttempts > 0) await form.validate('change')
      await form.handleSubmit()
    } finally {
      sending.current = false
    }
    const metas = new Map<string, unknown>(Object.entries(form.state.fieldMeta))
    const fields = element.current ? Array.from(element.current.querySelectorAll<HTMLElement>('[data-field]')) : []
    fields.find((control) => hasErrors(metas.get(control.dataset.field ?? '')))?.focus()
  }
  // Typed, or sent, before the page's script ran (app/ui/held-submit.ts): what was typed goes into
  // the form's values (the takeover showed the values the page was rendered with), then the submit.
  useEffect(() => {
    const frame = element.current
    for (const { name, value } of takeTypedBefore(frame)) form.setFieldValue(name as never, value as never)
    if (takeHeldSubmit(frame)) frame?.requestSubmit()
    // Once, at the takeover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <form
      ref={element}
      // Sent before the script has loaded, the browser posts the form back to its page: by GET its
      // fields (a password among them) would land in the address, the history and the server's log.
      method="post"
      noValidate
      aria-label={label}
      className={cx(css({ display: 'grid', gap: '4', minW: '0' }), className)}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void submit()
      }}
    >
      {children}
    </form>
  )
}

function hasErrors(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'errors' in meta && Array.isArray(meta.errors) && meta.errors.length > 0
}

/** The submit button: busy (spinner, aria-busy, disabled) while the form is being sent. */
export function SubmitButton({
  children,
  busyLabel,
  disabled = false,
  variant = 'primary',
}: {
  children: ReactNode
  busyLabel?: string
  disabled?: boolean
  variant?: 'primary' | 'danger'
}) {
  useLocale()
  const form = useFormContext()
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <div>
      <button
        type="submit"
        className={button({ variant })}
        disabled={disabled || submitting}
        aria-busy={submitting}
        // The second click of a double click (detail 2) does nothing: no second submit however
        // fast the answer to the first came back (FormFrame's guard ends with that answer), and
        // the focus stays where that answer put it (the first field with a problem).
        onMouseDown={(event) => {
          if (event.detail > 1) event.preventDefault()
        }}
        onClick={(event) => {
          if (event.detail > 1) event.preventDefault()
        }}
      >
        {submitting ? (
          <span
            aria-hidden
            className={css({
              w: '4',
              h: '4',
              borderRadius: 'full',
              border: '2px solid',
              borderColor: 'currentColor',
              borderTopColor: 'transparent',
              animation: 'spin 0.8s linear infinite',
            })}
          />
        ) : null}
        {submitting && busyLabel ? busyLabel : children}
      </button>
    </div>
  )
}

/** What the server said about the form as a whole (not about one field). */
export function FormAlert() {
  useLocale()
  const form = useFormContext()
  const problem = useStore(form.store, (state) => firstProblemText([state.errorMap.onDynamic]))
  if (problem === null) return null
  return (
    <Notice tone="danger" role="alert" className={css({ whiteSpace: 'pre-line' })}>
      {problem}
    </Notice>
  )
}
