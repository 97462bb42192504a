import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { basketNumberMessage } from '../../../src/contract/basket-number-message'
import { checkBasketNumber } from '../../../src/domain/basket-number'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf, unwrap } from '../../ui/call-result'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Page, cardClass, headingClass, linkClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { basketResetFn } from './orders.functions'
import { ResetDialog } from './reset-dialog'

// order-reset: one basket number, checked by the rule before it
// is sent, then asked for as in the table (a reset withdraws an approval); 'Warenkorb
// zurückgesetzt' on success, the server's messages in an error toast and on the number. Each
// new try clears the line of the previous success, so it never stands beside a new error.
export function OrderResetScreen() {
  useLocale()
  const reset = useServerFn(basketResetFn)
  const [asking, setAsking] = useState<{ number: string; answer: (reset: boolean) => void } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const form = useZodForm({
    schema: () => import('./order-reset-check').then((module) => module.orderResetCheck),
    defaultValues: { number: '' },
    labels: { number: () => m.orders_col_number() },
    words: {
      number: (_problem, value) => {
        const typed = typeof value === 'string' ? value.trim() : ''
        const problem = checkBasketNumber(typed)
        return problem ? basketNumberMessage(problem, typed) : undefined
      },
    },
    onSubmit: async ({ number: typed }) => {
      const number = typed.trim()
      setDone(null)
      // Asked first; the form stays busy until the answer, so it is sent once.
      const confirmed = await new Promise<boolean>((answer) => setAsking({ number, answer }))
      if (!confirmed) return
      try {
        unwrap(await reset({ data: { number } }))
        showToast({ title: () => m.orders_reset_done() })
        setDone(number.replace(/^0+/, ''))
        form.reset()
      } catch (error) {
        showErrorToast(messagesOf(error))
        return { messages: messagesOf(error), field: 'number' }
      }
    },
  })

  function answer(confirmed: boolean) {
    asking?.answer(confirmed)
    setAsking(null)
  }

  return (
    <Page>
      <h1 className={headingClass}>{m.order_reset_title()}</h1>
      <form.AppForm>
        <form.Frame className={cardClass}>
          <p>{m.order_reset_intro()}</p>
          {/* A new try clears the line of the previous success. */}
          <form.AppField name="number" listeners={{ onChange: () => setDone(null) }}>
            {(field) => (
              <field.TextInput
                label={m.orders_col_number()}
                hint={m.order_reset_rule()}
                required
                inputMode="numeric"
                autoComplete="off"
                maxLength={64}
                className={css({ maxW: 'sm' })}
              />
            )}
          </form.AppField>
          <form.SubmitButton>{m.orders_reset()}</form.SubmitButton>
          {done ? (
            <p role="status">
              {m.orders_reset_done()} ·{' '}
              <Link to="/order-approve" search={{ order: done }} className={linkClass}>
                {m.order_reset_show({ number: done })}
              </Link>
            </p>
          ) : null}
        </form.Frame>
      </form.AppForm>
      <ResetDialog open={asking !== null} number={asking?.number ?? ''} busy={false} onClose={() => answer(false)} onReset={() => answer(true)} />
    </Page>
  )
}
