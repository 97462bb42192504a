import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { formatDateTime } from '../../ui/format'
import { secondaryButtonClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { ActivationLinkField } from './activation-link-field'
import { activationLinkFn } from './company-contacts.functions'

// contact-edit: a new activation link for the contact (the older one stops working), shown to copy.
export function ActivationLinkButton({ contactId }: { contactId: number }) {
  const fetchLink = useServerFn(activationLinkFn)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ link: string; validUntil: string } | null>(null)
  async function load() {
    setBusy(true)
    try {
      const result = await fetchLink({ data: { id: contactId } })
      if (result.status) setAnswer({ link: result.data.act_link, validUntil: result.data.valid_until })
      else showErrorToast(result.messages)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })}>
      <div>
        <button type="button" className={secondaryButtonClass} onClick={() => void load()} disabled={busy} aria-busy={busy}>
          {answer ? m.contacts_ui_act_link_again() : m.contacts_ui_act_link_fetch()}
        </button>
      </div>
      {answer ? (
        <ActivationLinkField key={answer.link} link={answer.link} hint={m.contacts_ui_act_link_valid_until({ date: formatDateTime(answer.validUntil) })} />
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.contacts_ui_act_link_explain()}</p>
      )}
    </div>
  )
}
