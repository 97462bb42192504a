import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'

// "Reset basket …?": a reset withdraws an approval, so it is asked for first, wherever it starts.
export function ResetDialog({
  open,
  number,
  busy,
  onClose,
  onReset,
}: {
  open: boolean
  number: string
  busy: boolean
  onClose: () => void
  onReset: () => void
}) {
  return (
    <Modal open={open} title={m.orders_reset_title({ number })} onClose={onClose}>
      <p>{m.orders_reset_question()}</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {m.cancel()}
        </button>
        <button type="button" className={buttonClass} disabled={busy} onClick={onReset}>
          {m.orders_reset()}
        </button>
      </div>
    </Modal>
  )
}
