import { useState, type FormEvent } from 'react'
import { approvalNumberMessage, approvalNumberRule } from '../../../src/contract/approval-number-message'
import { checkApprovalNumber } from '../../../src/domain/approval-number'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'

// "Approve basket …": asks for the approver's approval number, with its rule under the input,
// checked before it is sent (the server checks it again). Nothing is cut off silently: a
// number that is too long is refused with its length.
export function ApproveDialog({ open, number, onClose, onApprove }: { open: boolean; number: string; onClose: () => void; onApprove: (value: string) => Promise<boolean> }) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkApprovalNumber(value)
    if (!checked.ok) {
      setProblem(approvalNumberMessage(checked))
      return
    }
    setSending(true)
    const ok = await onApprove(checked.value)
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
            autoComplete="off"
            onChange={(event) => {
              setValue(event.target.value)
              setProblem(null)
            }}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'approval-rule approval-problem' : 'approval-rule'}
            className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', minW: '0' })}
          />
        </label>
        <p id="approval-rule" className={css({ color: 'fg.muted', fontSize: 'sm' })}>{approvalNumberRule()}</p>
        {problem ? <p id="approval-problem" role="alert" className={css({ color: 'danger.700', overflowWrap: 'anywhere' })}>{problem}</p> : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>{m.cancel()}</button>
          <button type="submit" className={buttonClass} disabled={sending}>{m.orders_approve()}</button>
        </div>
      </form>
    </Modal>
  )
}
