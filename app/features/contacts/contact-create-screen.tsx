import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { showFailureToast } from '../../ui/failure-toast'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast'
import { ActivationLinkField } from './activation-link-field'
import { contactCreateFn } from './company-contacts.functions'
import { ContactForm } from './contact-form'

// contacts-create (docs/decisions/031-delivery-addresses-and-contacts.md): a new contact of ?cid=.
// It gets an activation link by mail; the link is shown here too, to copy and hand on.
type Created = { id: number; name: string; email: string; link: string }

type Props = {
  cid: number
  /** The company's [id, name], for the heading (the companies area's query, handed in by the route). */
  companyQuery: UseQueryOptions<[number, string], Error, [number, string], Array<string | number>>
  canGrantDealerAdmin: boolean
  canSeeContacts: boolean
}

export function ContactCreateScreen({ cid, companyQuery, canGrantDealerAdmin, canSeeContacts }: Props) {
  const locale = useLocale()
  const company = useQuery(companyQuery)
  const create = useServerFn(contactCreateFn)
  const queryClient = useQueryClient()
  const [created, setCreated] = useState<Created | null>(null)
  // A new form after "create another" (its values start empty again).
  const [round, setRound] = useState(0)
  const name = company.data?.[1]
  return (
    <Page>
      <header className={css({ display: 'grid', gap: '1' })}>
        {canSeeContacts ? (
          <Link to="/overview-contacts" search={{ cid }} className={`${linkClass} ${css({ fontSize: 'sm', justifySelf: 'start' })}`}>
            {name ? m.contacts_ui_back_to_overview_of({ company: name }) : m.contacts_ui_back_to_overview()}
          </Link>
        ) : null}
        <h1 className={headingClass}>{m.contacts_ui_create_title()}</h1>
        {name ? <p className={subheadingClass}>{m.contacts_ui_create_for({ company: name })}</p> : null}
      </header>
      {company.isPending ? <Spinner label={m.loading()} /> : null}
      {company.isError ? (
        <Notice tone="danger" role="alert">
          <p>{messagesOf(company.error).join(' ')}</p>
          <button type="button" className={`${secondaryButtonClass} ${css({ mt: '2' })}`} onClick={() => void company.refetch()}>
            {m.retry()}
          </button>
        </Notice>
      ) : null}
      {created ? (
        <section className={cardClass} aria-labelledby="contact-created-heading">
          <div className={css({ display: 'grid', gap: '4' })}>
            {/* Focus moves here from the form that is gone: the next thing to read. */}
            <h2
              id="contact-created-heading"
              tabIndex={-1}
              ref={(heading) => heading?.focus()}
              className={css({ fontSize: 'lg', fontWeight: 'semibold', outline: 'none' })}
            >
              {m.contacts_ui_created_heading({ name: created.name })}
            </h2>
            <p>{m.contacts_ui_created_mailed({ email: created.email })}</p>
            <ActivationLinkField link={created.link} hint={m.contacts_ui_act_link_hint()} />
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  setCreated(null)
                  setRound((now) => now + 1)
                }}
              >
                {m.contacts_ui_create_another()}
              </button>
              {canSeeContacts ? (
                <Link to="/edit-contact/$coid" params={{ coid: created.id }} className={linkClass}>
                  {m.contacts_ui_edit_named({ name: created.name })}
                </Link>
              ) : null}
            </div>
          </div>
        </section>
      ) : company.data ? (
        <section className={cardClass}>
          <ContactForm
            key={round}
            label={m.contacts_ui_create_title()}
            defaultValues={{
              email: '',
              first_name: '',
              middle_name: '',
              last_name: '',
              language: locale,
              dealer_admin: false,
              opt_out: false,
              company: String(cid),
              is_active: true,
            }}
            withDealerAdmin={canGrantDealerAdmin}
            submitLabel={m.contacts_ui_create_submit()}
            busyLabel={m.contacts_ui_create_busy()}
            onSubmit={async (value) => {
              const { company: _company, is_active: _active, ...fields } = value
              const result = await create({ data: { id: cid, ...fields, dealer_admin: canGrantDealerAdmin && fields.dealer_admin } })
              if (!result.status) {
                showFailureToast(result.messages)
                return { messages: result.messages, fields: result.fields }
              }
              const contactName = result.data.contact[1]
              await queryClient.invalidateQueries({ queryKey: ['contacts'] })
              showToast({ title: () => m.contacts_ui_created_toast(), lines: [() => m.contacts_ui_created_mailed({ email: value.email })], type: 'success' })
              setCreated({ id: result.data.id, name: contactName, email: value.email, link: result.data.act_link })
            }}
          />
        </section>
      ) : null}
    </Page>
  )
}
