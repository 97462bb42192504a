import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import { m } from '../../src/paraglide/messages'
import { TOAST_DEFAULT_MS } from '../../src/domain/limits'
import { css } from '../../styled-system/css'
import { useLocale } from './locale'
import type { Text, ToastRequest, ToastType } from './toast'
import { attachToastRegion } from './toast-queue'

// The toast region itself (Ark's toaster and its machine, about 15 KB of script): loaded by
// AppToaster when the first toast is asked for, not with every page (docs/decisions/035).
type ToastMeta = { title: Text; lines: ReadonlyArray<Text> }

// What Ark's toaster hands back is checked, not cast (parse at every edge, docs/architecture.md),
// with type guards: zod stays out of this chunk, which any page may load (docs/decisions/035).
const TOAST_TYPES: ReadonlyArray<string> = ['info', 'success', 'warning', 'error'] satisfies ReadonlyArray<ToastType>

function isText(value: unknown): value is Text {
  return typeof value === 'string' || typeof value === 'function'
}

function isToastMeta(value: unknown): value is ToastMeta {
  if (typeof value !== 'object' || value === null || !('title' in value) || !('lines' in value)) return false
  return isText(value.title) && Array.isArray(value.lines) && value.lines.every(isText)
}

function isToastType(value: unknown): value is ToastType {
  return typeof value === 'string' && TOAST_TYPES.includes(value)
}

const toaster = createToaster({ placement: 'top', duration: TOAST_DEFAULT_MS, gap: 12, max: 5 })

function show(request: ToastRequest): void {
  const meta: ToastMeta = { title: request.title, lines: request.lines ?? [] }
  toaster.create({ type: request.type ?? 'info', duration: request.durationMs ?? TOAST_DEFAULT_MS, meta })
}

attachToastRegion(show)

function read(text: Text): string {
  return typeof text === 'function' ? text() : text
}

const tone: Record<ToastType, string> = {
  info: css({ borderLeftColor: 'accent' }),
  success: css({ borderLeftColor: 'success.600' }),
  warning: css({ borderLeftColor: 'warning.700' }),
  error: css({ borderLeftColor: 'danger.700' }),
}

export default function ToastRegion() {
  useLocale()
  return (
    <Toaster toaster={toaster}>
      {(toast) => {
        const meta = isToastMeta(toast.meta) ? toast.meta : undefined
        const type = isToastType(toast.type) ? toast.type : 'info'
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
