import { useServerFn } from '@tanstack/react-start'
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import type { BasketStatusAnswer, Order } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { CallFailed, messagesOf, unwrap } from '../../ui/call-result'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { whenFirstUsed } from '../../ui/lazy-part'
import { RowActions } from '../../ui/row-menu'
import { showErrorToast, showToast } from '../../ui/toast'
import { basketRowActions } from './basket-row-actions'
import { basketApproveFn, basketResetFn, basketStatusFn } from './orders.functions'
import { ResetDialog } from './reset-dialog'

// The approval dialog carries the form layer (TanStack Form, ~19 KB gzip): fetched at the first
// tap, key or focus on the list, or when a basket is first to be approved
// (docs/decisions/035-page-weight.md), not with the screen.
const loadApproveDialog = () => import('./approve-dialog')
const ApproveDialog = lazy(() => loadApproveDialog().then((module) => ({ default: module.ApproveDialog })))

// The basket actions: refresh the status; approve, asking for the approval
// number; reset (only above status 0), asking first, then refresh. The answer's status is
// shown at once. One pair of dialogs serves every row, in the table and on the cards.
export type BasketActions = {
  /** The basket whose call is under way. */
  busy: string | null
  refresh: (number: string) => void
  ask: (action: 'approve' | 'reset', number: string) => void
}

export function useBasketActions(onStatus: (answer: BasketStatusAnswer) => void): { actions: BasketActions; dialogs: ReactNode } {
  const refreshFn = useServerFn(basketStatusFn)
  const approveFn = useServerFn(basketApproveFn)
  const resetFn = useServerFn(basketResetFn)
  const [busy, setBusy] = useState<string | null>(null)
  useEffect(() => whenFirstUsed(() => void loadApproveDialog().catch(() => undefined)), [])
  // A closed dialog keeps its basket (and its key): closing is the same dialog going away, so
  // focus returns to the row's button; a new basket gets a fresh dialog.
  const [dialog, setDialog] = useState<{ action: 'approve' | 'reset'; number: string; open: boolean } | null>(null)

  async function run(number: string, work: () => Promise<BasketStatusAnswer>, success: () => string) {
    setBusy(number)
    try {
      onStatus(await work())
      showToast({ title: success })
      return null
    } catch (error) {
      showErrorToast(messagesOf(error))
      return error
    } finally {
      setBusy(null)
    }
  }

  const refresh = (number: string) =>
    run(
      number,
      async () => unwrap(await refreshFn({ data: { basket: number } })),
      () => m.orders_status_refreshed({ number }),
    )
  const approve = (number: string, approvalNumber: string) =>
    run(
      number,
      async () => unwrap(await approveFn({ data: { basket: number, approvalNumber } })),
      () => m.orders_approved({ number }),
    )
  const reset = (number: string) =>
    run(
      number,
      async () => {
        unwrap(await resetFn({ data: { number } }))
        // The spec refreshes the status after a reset.
        return unwrap(await refreshFn({ data: { basket: number } }))
      },
      () => m.orders_reset_done(),
    )

  const close = () => setDialog((current) => (current ? { ...current, open: false } : null))
  const dialogs = (
    <>
      {dialog?.action === 'approve' ? (
        <Suspense>
          <ApproveDialog
            key={`approve-${dialog.number}`}
            open={dialog.open}
            number={dialog.number}
            onClose={close}
            onApprove={async (value) => {
              const error = await approve(dialog.number, value)
              // A 400 is about the approval number (its rule); 404/409 are about the basket.
              return error === null
                ? undefined
                : { messages: messagesOf(error), field: error instanceof CallFailed && error.httpStatus === 400 ? 'approvalNumber' : null }
            }}
          />
        </Suspense>
      ) : null}
      <ResetDialog
        open={dialog?.open === true && dialog.action === 'reset'}
        number={dialog?.number ?? ''}
        busy={busy !== null}
        onClose={close}
        onReset={() => void reset(dialog?.number ?? '').then((error) => error === null && close())}
      />
    </>
  )
  return {
    actions: { busy, refresh: (number) => void refresh(number), ask: (action, number) => setDialog({ action, number, open: true }) },
    dialogs,
  }
}

const small = css({ minH: '9', px: '3', py: '1', fontSize: 'sm' })

// The row's own buttons as before (36 px high: the cards of a tablet are touched).
const rowClasses = { primary: `${buttonClass} ${small}`, secondary: `${secondaryButtonClass} ${small}` }

/** A row's actions: approve (when it waits for this user) and the details; on a phone one menu with refresh and reset too. */
export function BasketRowActions({ order, actions, expanded, onToggle }: { order: Order; actions: BasketActions; expanded: boolean; onToggle: () => void }) {
  const number = order.basket_number
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
      <RowActions
        name={m.orders_basket_name({ number })}
        label={m.orders_actions_label({ number })}
        actions={basketRowActions(order, actions, expanded, onToggle)}
        classes={rowClasses}
      />
    </div>
  )
}

/** The less frequent actions, in a row's details: refresh the status, reset. */
export function DetailActions({ order, actions }: { order: Order; actions: BasketActions }) {
  const number = order.basket_number
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      <button
        type="button"
        className={`${secondaryButtonClass} ${small}`}
        disabled={actions.busy === number}
        onClick={() => actions.refresh(number)}
        aria-label={m.orders_refresh_label({ number })}
      >
        {m.orders_refresh()}
      </button>
      {order.status > 0 ? (
        <button
          type="button"
          className={`${secondaryButtonClass} ${small}`}
          disabled={actions.busy === number}
          onClick={() => actions.ask('reset', number)}
          aria-label={m.orders_reset_label({ number })}
        >
          {m.orders_reset()}
        </button>
      ) : null}
    </div>
  )
}
