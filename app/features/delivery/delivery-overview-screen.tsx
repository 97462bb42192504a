import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { TableOrCards } from '../../ui/data-cards'
import { listState } from '../../ui/data-table'
import { keepLocation } from '../../ui/keep-location'
import { useLocale } from '../../ui/locale'
import { Page, headingClass, subheadingClass } from '../../ui/page'
import { RowMenus } from '../../ui/row-menu'
import { deliveryColumns } from './delivery-columns'
import { deliveryListQueryOptions } from './delivery.functions'
import { useAddressActions } from './use-address-actions'
import { useFailureToast } from './use-failure-toast'

// delivery-overview (docs/decisions/031-delivery-addresses-and-contacts.md): the addresses of a
// company, the delivery address marked; select, activate or deactivate, edit, and a new one. The
// route loads the list again on every visit.
type Props = {
  /** The company the addresses belong to. */
  cid: number
  /** ?cid= as the page has it: carried to the create and edit screens. */
  linkCid: number | undefined
  /** Whether the caller may read the activity trail: each row links to its own. */
  trail: boolean
}

export function DeliveryOverviewScreen({ cid, linkCid, trail }: Props) {
  const locale = useLocale()
  const list = useQuery(deliveryListQueryOptions(cid, locale))
  useFailureToast(list)
  const actions = useAddressActions(cid, locale)
  const here = useRouterState({ select: (state) => state.location.href })
  const data = list.data
  const company = data?.company[1] ?? ''
  const columns = deliveryColumns({ countries: data?.country_choices ?? [], actions, cid: linkCid, here, trail: trail ? cid : null })
  return (
    <Page wide>
      <div className={css({ display: 'grid', gap: '2' })}>
        <h1 className={headingClass}>{m.delivery_ui_overview_title()}</h1>
        {company ? (
          <p className={subheadingClass} data-testid="delivery-company">
            {m.delivery_ui_overview_of({ company })}
          </p>
        ) : null}
        <p className={css({ color: 'fg.muted', maxW: '70ch' })}>{m.delivery_ui_overview_intro()}</p>
      </div>
      <div>
        <Link to="/{-$location}/create-delivery" params={keepLocation} search={{ cid: linkCid }} className={button()}>
          <span aria-hidden>+</span> {m.delivery_ui_create_link()}
        </Link>
      </div>
      <RowMenus>
        <TableOrCards
          label={company ? m.delivery_ui_list_label({ company }) : m.delivery_ui_overview_title()}
          columns={columns}
          rows={data?.addresses ?? []}
          rowKey={(row) => String(row.id)}
          state={listState(list)}
          empty={m.delivery_ui_empty()}
        />
      </RowMenus>
    </Page>
  )
}
