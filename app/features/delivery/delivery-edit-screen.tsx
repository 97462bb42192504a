import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { keepLocation } from '../../ui/keep-location'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass } from '../../ui/page'
import { DeliveryBackLink } from './delivery-back-link'
import { DeliveryEditForm } from './delivery-edit-form'
import { DeliveryHeading, DeliveryLoadState } from './delivery-heading'
import { NO_RECORD } from '../../ui/cid-search'
import { deliveryKey, deliveryListQueryOptions } from './delivery.functions'
import { useFailureToast } from './use-failure-toast'

// delivery-edit: name, phone, mobile and e-mail of an active address;
// afterwards back to ?redirect= (a portal path, checked by the route's search schema) or the
// overview. An address the company does not have, or an inactive one, is said so.
type Props = { cid: number; linkCid: number | undefined; addressId: number | undefined; redirect: string | undefined }

export function DeliveryEditScreen({ cid, linkCid, addressId, redirect }: Props) {
  const locale = useLocale()
  const list = useQuery(deliveryListQueryOptions(cid, locale))
  useFailureToast(list)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const data = list.data
  const address = addressId === undefined || addressId === NO_RECORD ? undefined : data?.addresses.find((candidate) => candidate.id === addressId)
  const problem = !data ? null : !address ? m.delivery_ui_edit_unknown() : !address.active ? m.delivery_ui_edit_inactive() : null
  return (
    <Page>
      <DeliveryBackLink cid={linkCid} redirect={redirect}>
        {m.delivery_ui_back()}
      </DeliveryBackLink>
      <DeliveryHeading title={m.delivery_ui_edit_title()} company={data?.company[1]} />
      <DeliveryLoadState query={list} />
      {problem ? (
        <Notice tone="warning" role="alert" className={css({ display: 'grid', gap: '2' })}>
          {problem}
        </Notice>
      ) : null}
      {data && address?.active ? (
        <section className={cardClass}>
          <DeliveryEditForm
            key={address.id}
            cid={cid}
            address={address}
            countries={data.country_choices}
            onSaved={async () => {
              await queryClient.invalidateQueries({ queryKey: deliveryKey(cid) })
              if (redirect) await navigate({ href: redirect })
              else await navigate({ to: '/{-$location}/overview-delivery', params: keepLocation, search: { cid: linkCid } })
            }}
          />
        </section>
      ) : null}
    </Page>
  )
}
