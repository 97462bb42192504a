import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Modal } from '../../ui/modal'
import { buttonClass } from '../../ui/page'
import { DESK_KEYS, comboLabel, keyLabel, type DeskKey } from './desk-keys'
import { REVIEW_KEYS } from './review-keys'
import { kbdClass, useMacKeys } from './key-hint'

// The shortcut overlay (`?`): every key of the desk (decision 048), as this computer's keyboard
// labels it; a native modal dialog, so focus stays inside and Esc closes it.
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
  const mac = useMacKeys()
  // Every combination of a key, this computer's own first.
  const keys = (deskKey: DeskKey) => [...new Set([keyLabel(deskKey, mac), ...deskKey.combos.map((combo) => comboLabel(combo, mac))])]
  // Reviewing is on the workspace's editor (docs/decisions/049), not on the catalogue's fields.
  const reviewKeys: Array<[string[], string]> = fields
    ? []
    : [
        [keys(REVIEW_KEYS.approve), m.review_shortcut_approve()],
        [keys(REVIEW_KEYS.sendBack), m.review_shortcut_send_back()],
      ]
  const shortcuts: Array<[string[], string]> = [
    [keys(DESK_KEYS.doneNext), m.translation_shortcut_done_next()],
    [keys(DESK_KEYS.next), m.translation_shortcut_next()],
    [keys(DESK_KEYS.prev), m.translation_shortcut_prev()],
    [keys(DESK_KEYS.confirm), m.translation_shortcut_confirm()],
    [keys(DESK_KEYS.save), m.translation_shortcut_save()],
    [keys(DESK_KEYS.copySource), m.translation_shortcut_copy_source()],
    [keys(DESK_KEYS.insertTag), m.translation_shortcut_insert_tag()],
    [[`${comboLabel({ ctrl: true, key: '1' }, mac)} … 5`], m.memory_shortcut_take()],
    ...reviewKeys,
    [keys(DESK_KEYS.close), fields ? m.translation_shortcut_leave() : m.translation_shortcut_close()],
    [keys(DESK_KEYS.help), m.translation_shortcut_help()],
  ]
  return (
    <Modal open={open} title={m.translation_shortcuts()} onClose={onClose}>
      <dl
        data-testid="shortcut-list"
        // On a phone each key stands above what it does.
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
          columnGap: '3',
          rowGap: { base: '0.5', sm: '2' },
          alignItems: 'baseline',
        })}
      >
        {shortcuts.map(([labels, what]) => (
          <div key={what} className={css({ display: 'contents' })}>
            <dt className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
              {labels.map((label) => (
                <kbd key={label} className={cx(kbdClass, dialogKbdClass)}>
                  {label}
                </kbd>
              ))}
            </dt>
            <dd className={css({ minW: '0', hyphens: 'auto', mb: { base: '2', sm: '0' } })}>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={buttonClass} onClick={onClose} autoFocus>
        {m.translation_shortcuts_close()}
      </button>
    </Modal>
  )
}

const dialogKbdClass = css({ fontSize: 'sm', bg: 'bg.subtle', borderColor: 'border', opacity: 1 })
