import { useEffect, useRef, type ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { subheadingClass } from './page'

// A native modal dialog: focus stays inside, Esc closes it, the page behind is inert.
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      className={css({ m: 'auto', p: '6', borderRadius: 'card', border: '1px solid', borderColor: 'border', w: 'min(480px, 92vw)', _backdrop: { bg: 'rgba(0,0,0,0.4)' } })}
    >
      {open ? (
        <div className={css({ display: 'grid', gap: '4' })}>
          <h2 className={subheadingClass}>{title}</h2>
          {children}
        </div>
      ) : null}
    </dialog>
  )
}
