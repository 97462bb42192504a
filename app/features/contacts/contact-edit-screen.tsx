import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { ContactDetail } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { showFailureToast } from '../../ui/failure-toast'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { TooltipGroup } from '../../ui/tooltip'
import { showToast } from '../../ui/toast'
import { ActivationLinkButton } from './activation-link-button'
import { ChangePasswordButton } from './change-password-button'
import { contactDetailQueryOptions, contactEditFn } from './company-contacts.functions'
import { ContactDeleteButton } from './contact-delete-button'
import { ContactForm } from './contact-form'
import { ContactMarks } from './contact-marks'

// contact-edit (docs/decisions/031-delivery-addresses-and-contacts.md): the contact's fields and
// company, a new activation link to copy, the change-password button (CAN_CHANGE_PASSWORD), and
// delete. One's own record keeps its company, state and role, and cannot be deleted here.
const sectionHeading = css({ fontSize: 'lg', fontWeight: 'semibold' })

export function ContactEditScreen({ coid, canChangePassword }: { coid: number; canChangePassword: boolean }) {
  useLocale()
  const detail = useQuery(contactDetailQueryOptions(coid))
  const contact = detail.data
  return (
    <Page>
      <header className={css({ display: 'grid', gap: '1' })}>
        {contact ? (
          <Link to="/overview-contacts" search={{ cid: contact.company[0] }} className={`${linkClass} ${css({ fontSize: 'sm', justifySelf: 'start' })}`}>
            {m.contacts_ui_back_to_overview_of({ company: contact.company[1] })}
          </Link>
        ) : null}
        <h1 className={headingClass}>{m.contacts_ui_edit_title()}</h1>
        {contact ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <p className={subheadingClass}>{contact.name}</p>
            <TooltipGroup>
              <ContactMarks contact={contact} />
            </TooltipGroup>
          </div>
        ) : null}
      </header>
      {detail.isPending ? <Spinner label={m.loading()} /> : null}
      {detail.isError && !contact ? (
        <Notice tone="danger" role="alert">
          <p>{messagesOf(detail.error).join(' ')}</p>
          <button type="button" className={`${secondaryButtonClass} ${css({ mt: '2' })}`} onClick={() => void detail.refetch()}>
            {m.retry()}
          </button>
        </Notice>
      ) : null}
      {contact ? <ContactEdit contact={contact} canChangePassword={canChangePassword} /> : null}
    </Page>
  )
}

function ContactEdit({ contact, canChangePassword }: { contact: ContactDetail; canChangePassword: boolean }) {
  const save = useServerFn(contactEditFn)
  const queryClient = useQueryClient()
  const self = contact.is_self
  return (
    <>
      {self ? <Notice>{m.contacts_ui_self_notice()}</Notice> : null}
      <section className={cardClass}>
        <ContactForm
          key={contact.id}
          label={m.contacts_ui_edit_title()}
          defaultValues={{
            email: contact.email,
            first_name: contact.first_name,
            middle_name: contact.middle_name,
            last_name: contact.last_name,
            language: contact.language,
            dealer_admin: contact.dealer_admin,
            opt_out: contact.opt_out,
            company: String(contact.company[0]),
            is_active: contact.is_active,
          }}
          companies={self ? [contact.company] : contact.parent_choices}
          withActive
          withDealerAdmin
          selfLocked={self}
          submitLabel={m.contacts_ui_save()}
          busyLabel={m.contacts_ui_saving()}
          onSubmit={async (value) => {
            const result = await save({ data: { id: contact.id, ...value, company: Number(value.company) } })
            if (!result.status) {
              showFailureToast(result.messages)
              return { messages: result.messages, fields: result.fields }
            }
            queryClient.setQueryData(contactDetailQueryOptions(contact.id).queryKey, result.data.contact)
            await queryClient.invalidateQueries({ queryKey: ['contacts', 'company'] })
            showToast({
              title: () => m.contacts_ui_saved_toast(),
              lines: [() => m.contacts_ui_saved_line({ name: result.data.contact.name })],
              type: 'success',
            })
          }}
        />
      </section>
      {self && !canChangePassword ? null : (
        <section className={cardClass} aria-labelledby="contact-access-heading">
          <div className={css({ display: 'grid', gap: '4' })}>
            <h2 id="contact-access-heading" className={sectionHeading}>
              {m.contacts_ui_access_heading()}
            </h2>
            {/* One's own account has a password: a link for it is refused (change the password instead). */}
            {self ? null : <ActivationLinkButton contactId={contact.id} />}
            {canChangePassword ? (
              <div>
                <ChangePasswordButton email={contact.email} />
              </div>
            ) : null}
          </div>
        </section>
      )}
      {self ? null : (
        <section className={cardClass} aria-labelledby="contact-delete-heading">
          <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
            <h2 id="contact-delete-heading" className={sectionHeading}>
              {m.contacts_ui_delete_heading()}
            </h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.contacts_ui_delete_explain()}</p>
            <ContactDeleteButton contact={contact} />
          </div>
        </section>
      )}
    </>
  )
}
