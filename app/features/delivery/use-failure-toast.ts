import { useEffect } from 'react'
import { messagesOf } from '../../ui/call-result'
import { showErrorToast } from '../../ui/toast'

/** A failed load also says so in the error toast 'Fehler' / 'Error', once per failure. */
export function useFailureToast(query: { isError: boolean; error: unknown; errorUpdatedAt: number }): void {
  const { isError, error, errorUpdatedAt } = query
  useEffect(() => {
    if (isError) showErrorToast(messagesOf(error))
  }, [isError, error, errorUpdatedAt])
}
