import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { useLocale } from '../../ui/locale'
import { Page, cardClass } from '../../ui/page'
import { DeliveryBackLink } from './delivery-back-link'
import { DeliveryCreateForm } from './delivery-create-form'
import { DeliveryHeading, DeliveryLoadState } from './delivery-heading'
import { deliveryKey, deliveryListQueryOptions } from './delivery.functions'
import { useFailureToast } from './use-failure-toast'

// delivery-create: a new address of the company; afterwards the overview.
export function DeliveryCreateScreen({ cid, linkCid }: { cid: number; linkCid: number | undefined }) {
  const locale = useLocale()
  const list = useQuery(deliveryListQueryOptions(cid, locale))
  useFailureToast(list)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const data = list.data
  // The delivery address's country is the likeliest one for another address.
  const defaultCountry = data?.addresses.find((address) => address.is_delivery)?.country ?? data?.country_choices[0]?.[0] ?? ''
  return (
    <Page>
      <DeliveryBackLink cid={linkCid}>{m.delivery_ui_back()}</DeliveryBackLink>
      <DeliveryHeading title={m.delivery_ui_create_title()} company={data?.company[1]} />
      <DeliveryLoadState query={list} />
      {data ? (
        <section className={cardClass}>
          <DeliveryCreateForm
            cid={cid}
            countries={data.country_choices}
            defaultCountry={defaultCountry}
            onCreated={async () => {
              await queryClient.invalidateQueries({ queryKey: deliveryKey(cid) })
              await navigate({ to: '/{-$location}/overview-delivery', params: keepLocation, search: { cid: linkCid } })
            }}
          />
        </section>
      ) : null}
    </Page>
  )
}
