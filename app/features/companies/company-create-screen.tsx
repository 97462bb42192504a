import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { CompanyCreateForm } from './company-create-form'
import { countryChoicesQueryOptions, parentNameQueryOptions } from './company-create.functions'

// company-create (docs/decisions/029-company-parent-and-create.md): a new company below ?cid=;
// afterwards the companies tree of that company shows it.
export function CompanyCreateScreen({ cid }: { cid: number | null }) {
  useLocale()
  if (cid === null)
    return (
      <Page>
        <h1 className={headingClass}>{m.company_create_title()}</h1>
        <Notice tone="danger" role="alert">
          {m.company_create_bad_cid()}
        </Notice>
      </Page>
    )
  return <CompanyCreate cid={cid} />
}

function CompanyCreate({ cid }: { cid: number }) {
  const locale = useLocale()
  const parent = useQuery(parentNameQueryOptions(cid))
  const countries = useQuery(countryChoicesQueryOptions(locale))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const failed = parent.isError ? parent : countries.isError ? countries : null
  return (
    <Page>
      <h1 className={headingClass}>{parent.data ? m.company_create_heading({ parent: parent.data[1] }) : m.company_create_title()}</h1>
      {parent.isPending || countries.isPending ? <Spinner label={m.loading()} /> : null}
      {failed ? (
        <Notice tone="danger" role="alert">
          <p>{messagesOf(failed.error).join(' ')}</p>
          <button type="button" className={`${secondaryButtonClass} ${css({ mt: '2' })}`} onClick={() => void failed.refetch()}>
            {m.retry()}
          </button>
        </Notice>
      ) : null}
      {parent.data && countries.data ? (
        <section className={cardClass}>
          <CompanyCreateForm
            cid={cid}
            countries={countries.data}
            onCreated={async () => {
              await queryClient.invalidateQueries({ queryKey: ['companies'] })
              await navigate({ href: `/companies/${cid}` })
            }}
          />
        </section>
      ) : null}
    </Page>
  )
}
