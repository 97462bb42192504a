import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useCallback, useState } from 'react'
import { messagesOf } from '../../ui/call-result'
import { showErrorToast } from '../../ui/toast'
import { shopAsFn } from './shop.functions'

// Shop as a company (docs/decisions/027-company-tree.md): first to the company's own tree, then on
// — with more than one line to select-line for that company; otherwise redirect2shop, which shows
// the toast 'Redirect to shop' and opens the shop at /dealer/company/{id}/shop/ as that company
// (the useAs value the server has just stored, after checking the company's scope).
export function useShopAs(currentId: number) {
  const router = useRouter()
  const shopAs = useServerFn(shopAsFn)
  const [busyId, setBusyId] = useState<number | null>(null)
  const start = useCallback(
    async (companyId: number) => {
      setBusyId(companyId)
      try {
        if (companyId !== currentId) await router.navigate({ to: '/companies/$cid', params: { cid: companyId }, search: { search: '' } })
        const result = await shopAs({ data: { id: companyId } })
        if (result.kind === 'select-line')
          await router.navigate({ to: '/{-$location}/user/select-line', params: { location: undefined }, search: { cid: result.companyId } })
        else if (result.kind === 'shop') await router.navigate({ to: '/redirect2shop' })
        else if (result.kind === 'refused') showErrorToast(result.messages)
        else await router.navigate({ to: '/', search: { redirect: window.location.pathname } })
      } catch (caught) {
        showErrorToast(messagesOf(caught))
      } finally {
        setBusyId(null)
      }
    },
    [currentId, router, shopAs],
  )
  return { shopAs: start, busyId }
}
