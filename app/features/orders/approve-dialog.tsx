import { useState, type FormEvent } from 'react'
import { approvalNumber } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'

// "Approve basket …": asks for the approver's approval number, checked before it is sent.
export function ApproveDialog({ open, number, onClose, onApprove }: { open: boolean; number: string; onClose: () => void; onApprove: (value: string) => Promise<boolean> }) {
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
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>{m.cancel()}</button>
          <button type="submit" className={buttonClass} disabled={sending}>{m.orders_approve()}</button>
        </div>
      </form>
    </Modal>
  )
}
