import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { DeliveryAddress } from '../../../src/contract/delivery'
import { m } from '../../../src/paraglide/messages'
import { messagesOf, unwrap } from '../../ui/call-result'
import { showErrorToast, showToast } from '../../ui/toast'
import { changeInactiveFn, deliveryKey, deliveryListQueryOptions, setDeliveryFn } from './delivery.functions'

export type AddressActions = {
  /** The address whose call is under way. */
  busy: number | null
  select: (address: DeliveryAddress) => void
  setActive: (address: DeliveryAddress, active: boolean) => void
}

/** Where focus goes after a select: the new delivery address's mark (its button is gone). */
export const markId = (id: number) => `delivery-mark-${id}`

// The overview's row actions: select an active address as the delivery
// address, switch an address active or inactive. The answer is shown at once (the old delivery
// address loses its mark with the same answer), the active box at once; a refusal is the error
// toast, and the list is loaded again, as it may have changed elsewhere.
export function useAddressActions(cid: number, locale: string): AddressActions {
  const queryClient = useQueryClient()
  const setDelivery = useServerFn(setDeliveryFn)
  const changeInactive = useServerFn(changeInactiveFn)
  const [busy, setBusy] = useState<number | null>(null)
  const { queryKey } = deliveryListQueryOptions(cid, locale)

  function patch(changed: ReadonlyArray<DeliveryAddress>, rest: (address: DeliveryAddress) => DeliveryAddress = (address) => address) {
    const byId = new Map(changed.map((address) => [address.id, address]))
    queryClient.setQueryData(queryKey, (list) => (list ? { ...list, addresses: list.addresses.map((address) => byId.get(address.id) ?? rest(address)) } : list))
  }

  async function run(id: number, work: () => Promise<void>) {
    setBusy(id)
    try {
      await work()
      // Other languages' copies of the list are out of date now.
      void queryClient.invalidateQueries({ queryKey: deliveryKey(cid), refetchType: 'none' })
    } catch (error) {
      showErrorToast(messagesOf(error))
      void queryClient.invalidateQueries({ queryKey: deliveryKey(cid) })
    } finally {
      setBusy(null)
    }
  }

  return {
    busy,
    select: (address) =>
      void run(address.id, async () => {
        const answer = unwrap(await setDelivery({ data: { cid, id: address.id } }))
        patch(answer.old ? [answer.new, answer.old] : [answer.new], (other) => (other.is_delivery ? { ...other, is_delivery: false } : other))
        showToast({ title: () => m.delivery_ui_changed(), lines: [() => m.delivery_ui_changed_line({ name: answer.new.name1 })], type: 'success' })
        requestAnimationFrame(() => document.getElementById(markId(answer.new.id))?.focus())
      }),
    setActive: (address, active) =>
      void run(address.id, async () => {
        // The box shows the choice at once; a refusal loads the list again (run's catch).
        patch([{ ...address, active }])
        const answer = unwrap(await changeInactive({ data: { cid, id: address.id, inactive: !active } }))
        patch([answer.address])
        const name = answer.address.name1
        showToast({
          title: () => m.delivery_ui_saved(),
          lines: [() => (answer.address.active ? m.delivery_ui_activated_line({ name }) : m.delivery_ui_deactivated_line({ name }))],
          type: 'success',
        })
      }),
  }
}
