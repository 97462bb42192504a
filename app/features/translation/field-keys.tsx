import { useEffect, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { secondaryButtonClass } from '../../ui/page'
import { showToast } from '../../ui/toast'
import { ShortcutsDialog } from './shortcuts-dialog'

// The keys of the text lists on the catalogue, category and article screens (issue 29, point 8),
// where every text is a field of its own (text-field.tsx): Alt+↓ / Alt+↑ go to the next or
// previous untranslated field (wrapping), Ctrl+Enter keeps the text (a field keeps its text as
// it loses focus) and goes to the next untranslated one, Esc leaves the field, and ? lists them.

const FIELD = 'main [data-text-status] textarea'

/** The field to go to from `from` in `direction`: the next untranslated or outdated one, wrapping; null when none is left. */
function untranslatedFrom(from: Element | null, direction: 1 | -1): HTMLTextAreaElement | null {
  const fields = [...document.querySelectorAll<HTMLTextAreaElement>(FIELD)]
  const at = from instanceof HTMLTextAreaElement ? fields.indexOf(from) : -1
  const start = at !== -1 ? at : direction === 1 ? -1 : fields.length
  for (let step = 1; step <= fields.length; step++) {
    const field = fields[(((start + direction * step) % fields.length) + fields.length) % fields.length]!
    const status = field.closest('[data-text-status]')?.getAttribute('data-text-status')
    if (field !== from && (status === 'untranslated' || status === 'outdated')) return field
  }
  return null
}

function go(from: Element | null, direction: 1 | -1) {
  const next = untranslatedFrom(from, direction)
  if (!next) {
    showToast({ title: () => m.translation_none_left() })
    return
  }
  next.focus()
  next.scrollIntoView({ block: 'center' })
}

/** The keys, and the button and dialog that list them. */
export function FieldKeys() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null
      const inField = target instanceof HTMLTextAreaElement && target.matches(FIELD)
      const typing = target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      if (event.key === '?' && !typing) {
        event.preventDefault()
        setOpen(true)
      } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && (inField || !typing)) {
        event.preventDefault()
        go(inField ? target : null, event.key === 'ArrowDown' ? 1 : -1)
      } else if (inField && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault()
        go(target, 1)
      } else if (inField && event.key === 'Escape') {
        event.preventDefault()
        target.blur()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)} aria-keyshortcuts="?">
        {m.translation_shortcuts()}
      </button>
      <ShortcutsDialog open={open} onClose={() => setOpen(false)} fields />
    </>
  )
}
