import type { ReactNode } from 'react'
import { Dialog } from './form/lazy-dialog'

// The modal dialog every screen uses (Ark UI, app/ui/form/dialog.tsx, loaded on first use by
// lazy-dialog.tsx): focus stays inside, Esc closes it.
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {children}
    </Dialog>
  )
}
