import { useEffect, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { secondaryButtonClass } from '../../ui/page'
import { DESK_KEYS, NAV_FROM, isDeskKey, isTyping } from './desk-keys'
import { KeyButton } from './key-hint'
import { ShortcutsDialog, loadDeskActions } from './desk-lazy'
import { FIELD, FIELD_BOX } from './field-class'

// The keys of the text lists on the catalogue, category and article screens (decision 048),
// where every text is a field of its own (text-field.tsx): Alt+↓ / Alt+↑ go to the next or
// previous untranslated field (wrapping; also from the language pickers), Ctrl+Enter keeps the
// text (a field keeps its text as it loses focus) and goes to the next untranslated one,
// Ctrl+Shift+Enter does so after confirming an outdated one, Esc leaves the field for its box
// and Enter there goes back in, and ? lists them. The next field is scrolled into place as the
// spec says (scroll-into-place.ts).

/** To the next or previous untranslated field (desk-actions.ts). */
function go(from: Element | null, direction: 1 | -1) {
  loadDeskActions().then(
    (actions) => actions.goToField(from, direction),
    () => {},
  )
}

/** The keys, and the button and dialog that list them. */
export function FieldKeys() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null
      if (event.defaultPrevented || target?.closest('dialog')) return
      const inField = target instanceof HTMLTextAreaElement && target.matches(FIELD)
      // A field's box (after Esc) stands for its field.
      const box = target?.matches(FIELD_BOX) ? target : null
      const here = inField ? target : (box?.querySelector('textarea') ?? null)
      const typing = isTyping(target)
      const moving = isDeskKey(event, DESK_KEYS.next) || isDeskKey(event, DESK_KEYS.prev)
      if (isDeskKey(event, DESK_KEYS.help) && !typing) {
        event.preventDefault()
        setOpen(true)
      } else if (moving && (inField || !typing || target?.closest(NAV_FROM))) {
        event.preventDefault()
        go(here, isDeskKey(event, DESK_KEYS.next) ? 1 : -1)
      } else if (inField && (isDeskKey(event, DESK_KEYS.doneNext) || isDeskKey(event, DESK_KEYS.confirm))) {
        event.preventDefault()
        go(target, 1)
      } else if (inField && isDeskKey(event, DESK_KEYS.close)) {
        event.preventDefault()
        target.closest<HTMLElement>(FIELD_BOX)?.focus()
      } else if (box && here && event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault()
        here.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <KeyButton keys={DESK_KEYS.help} className={secondaryButtonClass} onClick={() => setOpen(true)}>
        {m.translation_shortcuts()}
      </KeyButton>
      <ShortcutsDialog open={open} onClose={() => setOpen(false)} fields />
    </>
  )
}
