import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useLayoutEffect, type ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { pageHeader } from '../../../styled-system/recipes'
import { useLocale } from '../locale'
import { focusOutsideDialogs } from './dialog-focus'

const backdropClass = css({ position: 'fixed', inset: '0', bg: 'rgba(0,0,0,0.4)', zIndex: 'overlay' })
const positionerClass = css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', zIndex: 'modal' })
const contentClass = css({
  display: 'grid',
  gap: '4',
  bg: 'bg',
  color: 'fg',
  p: { base: '4', md: '6' },
  borderRadius: 'card',
  border: '1px solid',
  borderColor: 'border',
  boxShadow: 'xl',
  w: 'min(480px, 100%)',
  maxH: 'calc(100dvh - 2rem)',
  overflowY: 'auto',
  minW: '0',
})

/**
 * A modal dialog on Ark UI: named by its title, focus moves in and stays inside, Esc closes it,
 * focus returns to where it was. Closed, nothing of it is in the page. A click beside it does not
 * close it: the second click of a double click that opened it would.
 */
export default function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  useLocale()
  // Focus goes back where it was when the dialog opened (the row's button), also when the
  // dialog is unmounted as it closes (a keyed dialog), where Ark's own return cannot run. The
  // opener is the last element focused outside any dialog: by the time this effect runs, an
  // autofocused field inside has focus already.
  useLayoutEffect(() => {
    if (!open) return
    const opener = focusOutsideDialogs()
    return () => {
      let frames = 0
      // The closing dialog stays in the page for a few frames (Ark's presence): wait for it.
      const giveBack = () => {
        if (!opener?.isConnected) return
        if (document.querySelector('[role=dialog]') && ++frames < 60) {
          requestAnimationFrame(giveBack)
          return
        }
        const active = document.activeElement
        if (active === null || active === document.body || !active.isConnected) opener.focus()
      }
      requestAnimationFrame(giveBack)
    }
  }, [open])
  return (
    <ArkDialog.Root open={open} onOpenChange={(details) => (details.open ? undefined : onClose())} closeOnInteractOutside={false} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={backdropClass} />
        <ArkDialog.Positioner className={positionerClass}>
          <ArkDialog.Content className={contentClass}>
            <ArkDialog.Title className={pageHeader().subtitle}>{title}</ArkDialog.Title>
            {children}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}
