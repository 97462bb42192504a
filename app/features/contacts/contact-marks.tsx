import type { CompanyContact } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'

// A contact's state as words (not colour alone): active or inactive, and dealer admin.
const markClass = css({ display: 'inline-block', fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full', whiteSpace: 'nowrap' })
const activeClass = css({ bg: 'success.50', color: 'fg' })
const inactiveClass = css({ bg: 'bg.subtle', color: 'fg.muted', border: '1px dashed', borderColor: 'border' })
const adminClass = css({ bg: 'oak.100', color: 'fg' })
const marksClass = css({ display: 'inline-flex', flexWrap: 'wrap', gap: '1' })

export function ContactMarks({ contact }: { contact: Pick<CompanyContact, 'is_active' | 'dealer_admin'> }) {
  return (
    <span className={marksClass}>
      <span className={cx(markClass, contact.is_active ? activeClass : inactiveClass)}>
        {contact.is_active ? m.contacts_ui_show_active() : m.contacts_ui_show_inactive()}
      </span>
      {contact.dealer_admin ? <span className={cx(markClass, adminClass)}>{m.contacts_ui_dealer_admin_mark()}</span> : null}
    </span>
  )
}
