import { useState, type ReactNode } from 'react'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Dialog } from './form/lazy-dialog'
import { secondaryButtonClass } from './page'

// The modal dialog every screen uses (Ark UI, app/ui/form/dialog.tsx, loaded on first use by
// lazy-dialog.tsx): focus stays inside, Esc closes it.
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {children}
    </Dialog>
  )
}

// "Are you sure?" before a step that cannot be taken back (ending sessions): Cancel, or the
// danger button, busy while the step runs; the dialog cannot be dismissed meanwhile.
const dangerButtonClass = button({ variant: 'danger' })

type Props = {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  busyLabel: string
  /** Takes the step; the caller closes the dialog when it is done. */
  onConfirm: () => Promise<void>
  onClose: () => void
}

export function ConfirmDialog({ open, title, text, confirmLabel, busyLabel, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} title={title} onClose={() => (busy ? undefined : onClose())}>
      <p>{text}</p>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
        <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
          {m.cancel()}
        </button>
        <button type="button" className={dangerButtonClass} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
