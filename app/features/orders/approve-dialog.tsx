import { approvalNumberMessage, approvalNumberRule } from '../../../src/contract/approval-number-message'
import { checkApprovalNumber } from '../../../src/domain/approval-number'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { SubmitFailure } from '../../ui/form/server-failure'
import { useZodForm } from '../../ui/form/use-zod-form'
import { Modal } from '../../ui/modal'
import { secondaryButtonClass } from '../../ui/page'

// "Approve basket …": asks for the approver's approval number, with its rule under the input,
// checked before it is sent (the server checks it again and its refusal lands on the input).
// Nothing is cut off silently: a number that is too long is refused with its length.
export function ApproveDialog({
  open,
  number,
  onClose,
  onApprove,
}: {
  open: boolean
  number: string
  onClose: () => void
  onApprove: (value: string) => Promise<SubmitFailure<'approvalNumber'> | void>
}) {
  const form = useZodForm({
    schema: () => import('./approve-check').then((module) => module.approveCheck),
    defaultValues: { approvalNumber: '' },
    labels: { approvalNumber: () => m.orders_approval_number() },
    words: {
      approvalNumber: (_problem, value) => {
        const check = checkApprovalNumber(typeof value === 'string' ? value : '')
        return check.ok ? undefined : approvalNumberMessage(check)
      },
    },
    onSubmit: async ({ approvalNumber }) => {
      const failure = await onApprove(approvalNumber.trim())
      if (failure) return failure
      form.reset()
      onClose()
    },
  })
  return (
    <Modal open={open} title={m.orders_approve_title({ number })} onClose={onClose}>
      <form.AppForm>
        <form.Frame className={css({ gap: '3' })}>
          <form.AppField name="approvalNumber">
            {(field) => <field.TextInput label={m.orders_approval_number()} hint={approvalNumberRule()} required autoComplete="off" autoFocus />}
          </form.AppField>
          <form.Alert />
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
            <button type="button" className={secondaryButtonClass} onClick={onClose}>
              {m.cancel()}
            </button>
            <form.SubmitButton>{m.orders_approve()}</form.SubmitButton>
          </div>
        </form.Frame>
      </form.AppForm>
    </Modal>
  )
}
