import { useSyncExternalStore, type ButtonHTMLAttributes } from 'react'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { ariaKeys, keyLabel, type DeskKey } from './desk-keys'

// The desk's keys shown beside their controls (decision 048). A Mac is told apart in the browser
// only: the server and the hydrating render show the PC's keys, then a Mac re-renders with ⌘.
const never = () => () => undefined
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

export function useMacKeys(): boolean {
  return useSyncExternalStore(never, onMac, () => false)
}

/** The key of a control, beside its label (hidden from screen readers: aria-keyshortcuts names it). */
export function KeyHint({ of, className }: { of: DeskKey; className?: string }) {
  useLocale()
  const mac = useMacKeys()
  return (
    <kbd aria-hidden className={cx(kbdClass, noTouchClass, className)}>
      {keyLabel(of, mac)}
    </kbd>
  )
}

/** A button that does what a desk key does: named in aria-keyshortcuts, its key beside its label. */
export function KeyButton({ keys, children, ...props }: { keys: DeskKey } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...props} aria-keyshortcuts={ariaKeys(keys)}>
      {children}
      <KeyHint of={keys} />
    </button>
  )
}

export const kbdClass = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  fontWeight: 'normal',
  lineHeight: '1.2',
  px: '1',
  py: '0.5',
  border: '1px solid',
  borderColor: 'currentColor',
  borderRadius: 'control',
  opacity: 0.8,
  whiteSpace: 'nowrap',
})

/** Hints beside controls: a touch screen without a keyboard has no use for them. */
export const noTouchClass = css({ '@media (hover: none)': { display: 'none' } })
