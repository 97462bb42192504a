import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Modal } from '../../ui/modal'
import { buttonClass } from '../../ui/page'

// The shortcut overlay (`?`): a native modal dialog, so focus stays inside and Esc closes it.
export function ShortcutsDialog({
  open,
  onClose,
  fields = false,
}: {
  open: boolean
  onClose: () => void
  /** Texts as fields (catalogue, article): Esc leaves the field. */ fields?: boolean
}) {
  useLocale()
  const shortcuts: Array<[string, string]> = [
    ['Ctrl + Enter', m.translation_shortcut_done_next()],
    ['Alt + ↓', m.translation_shortcut_next()],
    ['Alt + ↑', m.translation_shortcut_prev()],
    ['Ctrl + Insert', m.translation_shortcut_copy_source()],
    ['Ctrl + 1 … 5', m.memory_shortcut_take()],
    ['Esc', fields ? m.translation_shortcut_leave() : m.translation_shortcut_close()],
    ['?', m.translation_shortcut_help()],
  ]
  return (
    <Modal open={open} title={m.translation_shortcuts()} onClose={onClose}>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2' })}>
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className={css({ display: 'contents' })}>
            <dt>
              <kbd
                className={css({
                  fontFamily: 'mono',
                  px: '1.5',
                  py: '0.5',
                  border: '1px solid',
                  borderColor: 'border',
                  borderRadius: 'control',
                  bg: 'bg.subtle',
                  whiteSpace: 'nowrap',
                })}
              >
                {keys}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={buttonClass} onClick={onClose} autoFocus>
        {m.translation_shortcuts_close()}
      </button>
    </Modal>
  )
}
