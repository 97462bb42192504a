import type { CompanyContact } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { Tip } from '../../ui/tooltip'

// A contact's state as words (not colour alone): active or inactive, and dealer admin.
const markClass = css({
  display: 'inline-block',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
})
const activeClass = css({ bg: 'success.50', color: 'fg' })
const inactiveClass = css({ bg: 'bg.subtle', color: 'fg.muted', border: '1px dashed', borderColor: 'border' })
const adminClass = css({ bg: 'oak.100', color: 'fg' })
const marksClass = css({ display: 'inline-flex', flexWrap: 'wrap', gap: '1' })

// Inside a TooltipGroup each mark says what it means (focusable for the keyboard).
export function ContactMarks({ contact }: { contact: Pick<CompanyContact, 'is_active' | 'dealer_admin'> }) {
  return (
    <span className={marksClass}>
      <Tip text={contact.is_active ? m.contacts_ui_active_tip() : m.contacts_ui_inactive_tip()} focusable>
        <span className={cx(markClass, contact.is_active ? activeClass : inactiveClass)}>
          {contact.is_active ? m.contacts_ui_show_active() : m.contacts_ui_show_inactive()}
        </span>
      </Tip>
      {contact.dealer_admin ? (
        <Tip text={m.contacts_ui_hint_dealer_admin()} focusable>
          <span className={cx(markClass, adminClass)}>{m.contacts_ui_dealer_admin_mark()}</span>
        </Tip>
      ) : null}
    </span>
  )
}
