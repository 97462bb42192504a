import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent } from 'react'
import { approvalNumber } from '../../../src/contract/orders'
import type { BasketStatusAnswer, Order } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf, unwrap } from '../../ui/call-result'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { basketApproveFn, basketResetFn, basketStatusFn } from './orders.functions'

// A row's actions (spec section 4): refresh the status; approve, asking for the approval
// number; reset (only above status 0), then refresh. The answer's status is shown at once.
type Props = { order: Order; onStatus: (answer: BasketStatusAnswer) => void; expanded: boolean; onToggle: () => void }

const small = css({ minH: '8', px: '2', py: '1', fontSize: 'sm' })

export function OrderActions({ order, onStatus, expanded, onToggle }: Props) {
  const refresh = useServerFn(basketStatusFn)
  const approve = useServerFn(basketApproveFn)
  const reset = useServerFn(basketResetFn)
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<'approve' | 'reset' | null>(null)
  const number = order.basket_number

  async function run(work: () => Promise<BasketStatusAnswer>, success: () => string) {
    setBusy(true)
    try {
      onStatus(await work())
      showToast({ title: success })
      return true
    } catch (error) {
      showErrorToast(messagesOf(error))
      return false
    } finally {
      setBusy(false)
    }
  }

  const doRefresh = () => run(async () => unwrap(await refresh({ data: { basket: number } })), () => m.orders_status_refreshed({ number }))
  const doReset = () =>
    run(async () => {
      unwrap(await reset({ data: { number } }))
      // The spec refreshes the status after a reset.
      return unwrap(await refresh({ data: { basket: number } }))
    }, () => m.orders_reset_done())

  return (
    <div className={css({ display: 'flex', flexWrap: 'nowrap', gap: '1', whiteSpace: 'nowrap' })}>
      <button type="button" className={`${secondaryButtonClass} ${small}`} disabled={busy} onClick={() => void doRefresh()} aria-label={m.orders_refresh_label({ number })}>
        {m.orders_refresh()}
      </button>
      {order.can_approve ? (
        <button type="button" className={`${buttonClass} ${small}`} disabled={busy} onClick={() => setDialog('approve')} aria-label={m.orders_approve_label({ number })}>
          {m.orders_approve()}
        </button>
      ) : null}
      {order.status > 0 ? (
        <button type="button" className={`${secondaryButtonClass} ${small}`} disabled={busy} onClick={() => setDialog('reset')} aria-label={m.orders_reset_label({ number })}>
          {m.orders_reset()}
        </button>
      ) : null}
      <button type="button" className={`${secondaryButtonClass} ${small}`} aria-expanded={expanded} onClick={onToggle} aria-label={m.orders_details_label({ number })}>
        {expanded ? m.orders_details_hide() : m.orders_details()}
      </button>
      <ApproveDialog
        open={dialog === 'approve'}
        number={number}
        onClose={() => setDialog(null)}
        onApprove={(value) => run(async () => unwrap(await approve({ data: { basket: number, approvalNumber: value } })), () => m.orders_approved({ number }))}
      />
      <Modal open={dialog === 'reset'} title={m.orders_reset_title({ number })} onClose={() => setDialog(null)}>
        <p>{m.orders_reset_question()}</p>
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setDialog(null)}>{m.cancel()}</button>
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void doReset().then((ok) => ok && setDialog(null))}>{m.orders_reset()}</button>
        </div>
      </Modal>
    </div>
  )
}

function ApproveDialog({ open, number, onClose, onApprove }: { open: boolean; number: string; onClose: () => void; onApprove: (value: string) => Promise<boolean> }) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = approvalNumber.safeParse(value)
    if (!parsed.success) {
      setProblem(value.trim() === '' ? m.orders_approval_required() : m.orders_approval_invalid())
      return
    }
    setSending(true)
    const ok = await onApprove(parsed.data)
    setSending(false)
    if (ok) {
      setValue('')
      onClose()
    }
  }
  return (
    <Modal open={open} title={m.orders_approve_title({ number })} onClose={onClose}>
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '3' })}>
        <label className={css({ display: 'grid', gap: '1' })}>
          {m.orders_approval_number()}
          <input
            autoFocus
            value={value}
            maxLength={40}
            onChange={(event) => {
              setValue(event.target.value)
              setProblem(null)
            }}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'approval-problem' : undefined}
            className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2' })}
          />
        </label>
        {problem ? <p id="approval-problem" role="alert" className={css({ color: 'danger.700' })}>{problem}</p> : null}
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>{m.cancel()}</button>
          <button type="submit" className={buttonClass} disabled={sending}>{m.orders_approve()}</button>
        </div>
      </form>
    </Modal>
  )
}
