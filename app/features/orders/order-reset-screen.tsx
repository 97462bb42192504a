import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent } from 'react'
import { basketNumberMessage } from '../../../src/contract/basket-number-message'
import { checkBasketNumber, type BasketNumberProblem } from '../../../src/domain/basket-number'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf, unwrap } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass, linkClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { basketResetFn } from './orders.functions'
import { ResetDialog } from './reset-dialog'

// order-reset (spec sections 2, 5 and 8): one basket number, checked by the rule before it
// is sent, then asked for as in the table (a reset withdraws an approval); 'Warenkorb
// zurückgesetzt' on success, the server's messages in an error toast. Each new try clears
// the line of the previous success, so it never stands beside a new error.
export function OrderResetScreen() {
  useLocale()
  const reset = useServerFn(basketResetFn)
  const [number, setNumber] = useState('')
  const [problem, setProblem] = useState<BasketNumberProblem | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    setDone(null)
    const value = number.trim()
    const found = checkBasketNumber(value)
    setProblem(found)
    if (!found) setAsking(value)
  }

  async function confirm(value: string) {
    setSending(true)
    try {
      unwrap(await reset({ data: { number: value } }))
      showToast({ title: () => m.orders_reset_done() })
      setDone(value.replace(/^0+/, ''))
      setNumber('')
    } catch (error) {
      showErrorToast(messagesOf(error))
    } finally {
      setSending(false)
      setAsking(null)
    }
  }

  return (
    <Page>
      <h1 className={headingClass}>{m.order_reset_title()}</h1>
      <form onSubmit={submit} noValidate className={cardClass}>
        <p>{m.order_reset_intro()}</p>
        <label className={css({ display: 'grid', gap: '1', maxW: 'sm' })}>
          {m.orders_col_number()}
          <input
            value={number}
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            onChange={(event) => {
              setNumber(event.target.value)
              setProblem(null)
            }}
            aria-invalid={problem !== null}
            aria-describedby="reset-hint reset-problem"
            className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg', minW: '0' })}
          />
        </label>
        <p id="reset-hint" className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.order_reset_rule()}</p>
        <p id="reset-problem" role="alert" className={css({ color: 'danger.700', minH: '1lh' })}>{problem ? basketNumberMessage(problem, number.trim()) : ''}</p>
        <div>
          <button type="submit" className={buttonClass} disabled={sending}>{m.orders_reset()}</button>
        </div>
        {done ? (
          <p role="status">
            {m.orders_reset_done()} ·{' '}
            <Link to="/order-approve" search={{ order: done }} className={linkClass}>{m.order_reset_show({ number: done })}</Link>
          </p>
        ) : null}
      </form>
      <ResetDialog open={asking !== null} number={asking ?? ''} busy={sending} onClose={() => setAsking(null)} onReset={() => asking && void confirm(asking)} />
    </Page>
  )
}
