import { useEffect, useRef } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { buttonClass, subheadingClass } from '../../ui/page'

// The shortcut overlay (`?`): a native modal dialog, so focus stays inside and Esc closes it.
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useLocale()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  const shortcuts: Array<[string, string]> = [
    ['Ctrl + Enter', m.translation_shortcut_done_next()],
    ['Alt + ↓', m.translation_shortcut_next()],
    ['Alt + ↑', m.translation_shortcut_prev()],
    ['Esc', m.translation_shortcut_close()],
    ['?', m.translation_shortcut_help()],
  ]
  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      className={css({ m: 'auto', p: '6', borderRadius: 'card', border: '1px solid', borderColor: 'border', maxW: 'min(480px, 92vw)', _backdrop: { bg: 'rgba(0,0,0,0.4)' } })}
    >
      <h2 id="shortcuts-title" className={subheadingClass}>{m.translation_shortcuts()}</h2>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', my: '4' })}>
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className={css({ display: 'contents' })}>
            <dt><kbd className={css({ fontFamily: 'mono', px: '1.5', py: '0.5', border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'bg.subtle', whiteSpace: 'nowrap' })}>{keys}</kbd></dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={buttonClass} onClick={onClose} autoFocus>{m.translation_shortcuts_close()}</button>
    </dialog>
  )
}
