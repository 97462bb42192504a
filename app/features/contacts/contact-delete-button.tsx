import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { ContactDetail } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { Dialog } from '../../ui/form/lazy-dialog'
import { secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { contactDeleteFn } from './company-contacts.functions'

// contact-edit's delete: asks first, then deletes and goes back to the
// company's contacts. A refusal (the last dealer admin) is the error toast with the server's words.
const dangerClass = button({ variant: 'danger' })

export function ContactDeleteButton({ contact }: { contact: Pick<ContactDetail, 'id' | 'name' | 'email' | 'company'> }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const remove = useServerFn(contactDeleteFn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  async function confirm() {
    setBusy(true)
    try {
      const result = await remove({ data: { id: contact.id } })
      if (!result.status) {
        showErrorToast(result.messages)
        setOpen(false)
        return
      }
      const { name, email } = contact
      showToast({ title: () => m.contacts_ui_deleted_toast(), lines: [() => m.contacts_ui_deleted_line({ name, email })], type: 'success' })
      queryClient.removeQueries({ queryKey: ['contacts', 'detail', contact.id] })
      await queryClient.invalidateQueries({ queryKey: ['contacts', 'company'] })
      await navigate({ to: '/overview-contacts', search: { cid: contact.company[0] } })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className={dangerClass} onClick={() => setOpen(true)}>
        {m.contacts_ui_delete()}
      </button>
      <Dialog open={open} title={m.contacts_ui_delete_title({ name: contact.name })} onClose={() => (busy ? undefined : setOpen(false))}>
        <p>{m.contacts_ui_delete_text({ name: contact.name, email: contact.email })}</p>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)} disabled={busy}>
            {m.cancel()}
          </button>
          <button type="button" className={dangerClass} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? m.contacts_ui_deleting() : m.contacts_ui_delete_confirm()}
          </button>
        </div>
      </Dialog>
    </>
  )
}
