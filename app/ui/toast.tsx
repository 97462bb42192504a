import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import { useHydrated } from './use-hydrated'
import { m } from '../../src/paraglide/messages'
import { TOAST_DEFAULT_MS } from '../../src/domain/limits'
import { css } from '../../styled-system/css'
import { useLocale } from './locale'

// Toasts as spec sections 8 and 9 give them: top-centre, type info, 5000 ms by default;
// failures titled 'Fehler' / 'Error' with the messages joined by line breaks.
// A text may be a function, so an open toast follows a language switch.
export type Text = string | (() => string)

type ToastMeta = { title: Text; lines: ReadonlyArray<Text> }

const toaster = createToaster({ placement: 'top', duration: TOAST_DEFAULT_MS, gap: 12, max: 5 })

type ToastType = 'info' | 'success' | 'error' | 'warning'

export function showToast(options: { title: Text; lines?: ReadonlyArray<Text>; type?: ToastType; durationMs?: number }): void {
  const meta: ToastMeta = { title: options.title, lines: options.lines ?? [] }
  toaster.create({ type: options.type ?? 'info', duration: options.durationMs ?? TOAST_DEFAULT_MS, meta })
}

/** A failure answer: its messages (or the network error) under the title 'Fehler' / 'Error'. */
export function showErrorToast(lines: ReadonlyArray<Text>): void {
  showToast({ title: () => m.error_title(), lines, type: 'error' })
}

function read(text: Text): string {
  return typeof text === 'function' ? text() : text
}

const tone: Record<ToastType, string> = {
  info: css({ borderLeftColor: 'accent' }),
  success: css({ borderLeftColor: 'success.600' }),
  warning: css({ borderLeftColor: 'warning.700' }),
  error: css({ borderLeftColor: 'danger.700' }),
}

export function AppToaster() {
  useLocale()
  // Toasts only ever come from the browser: the server leaves the toaster (and its machine) out.
  if (!useHydrated()) return null
  return (
    <Toaster toaster={toaster}>
      {(toast) => {
        const meta = toast.meta as ToastMeta | undefined
        const type = (toast.type ?? 'info') as ToastType
        return (
          <Toast.Root
            className={`${css({
              bg: 'bg',
              color: 'fg',
              border: '1px solid',
              borderColor: 'border',
              borderLeftWidth: '6px',
              borderRadius: 'card',
              boxShadow: 'lg',
              px: '4',
              py: '3',
              w: 'min(28rem, calc(100vw - 2rem))',
              display: 'grid',
              gap: '1',
              gridTemplateColumns: '1fr auto',
              alignItems: 'start',
              translate: 'var(--x) var(--y)',
              scale: 'var(--scale)',
              zIndex: 'var(--z-index)',
              height: 'var(--height)',
              opacity: 'var(--opacity)',
              willChange: 'translate, opacity, scale',
              transition: 'translate 300ms, scale 300ms, opacity 300ms',
            })} ${tone[type] ?? tone.info}`}
          >
            <div>
              <Toast.Title className={css({ fontWeight: 'semibold' })}>{meta ? read(meta.title) : null}</Toast.Title>
              {meta && meta.lines.length > 0 ? (
                <Toast.Description className={css({ whiteSpace: 'pre-line', fontSize: 'sm' })}>{meta.lines.map(read).join('\n')}</Toast.Description>
              ) : null}
            </div>
            <Toast.CloseTrigger
              aria-label={m.close()}
              className={css({ cursor: 'pointer', px: '2', borderRadius: 'control', fontSize: 'lg', lineHeight: '1', minW: '8', minH: '8' })}
            >
              ×
            </Toast.CloseTrigger>
          </Toast.Root>
        )
      }}
    </Toaster>
  )
}
