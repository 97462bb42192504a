import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { DeliveryAddress } from '../../../src/contract/delivery'
import { activityTarget } from '../../../src/domain/activity-target'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { Column } from '../../ui/data-table'
import { keepLocation } from '../../ui/keep-location'
import type { RowAction } from '../../ui/row-actions'
import { RowActions } from '../../ui/row-menu'
import { activityRowAction } from '../../ui/trail-link'
import { countryName } from './delivery-fields'
import { markId, type AddressActions } from './use-address-actions'

// The overview's columns: name1, address1, zip plus city, country, email, the
// active switch, edit (active addresses) and select (active ones that are not the delivery
// address). The same columns make the phone's cards: the name heads each card, the actions end it.
const muted = css({ color: 'fg.muted' })

type Context = {
  countries: ReadonlyArray<readonly [string, string]>
  actions: AddressActions
  /** ?cid= as the page has it (left out for the caller's own company). */
  cid: number | undefined
  /** The overview's own path, where the edit screen comes back to. */
  here: string
  /** The company whose trail each row links to; null for a caller who may not read the trail. */
  trail: number | null
}

export function deliveryColumns({ countries, actions, cid, here, trail }: Context): Array<Column<DeliveryAddress>> {
  return [
    { id: 'name1', header: () => m.delivery_ui_col_name(), cell: (row) => <NameCell row={row} />, text: (row) => row.name1, card: 'title' },
    {
      id: 'address1',
      header: () => m.delivery_ui_col_address(),
      cell: (row) => (
        <>
          {row.address1}
          {row.address2 ? <span className={css({ display: 'block', color: 'fg.muted' })}>{row.address2}</span> : null}
        </>
      ),
      text: (row) => row.address1,
    },
    { id: 'place', header: () => m.delivery_ui_col_place(), cell: (row) => `${row.zip} ${row.city}`, text: (row) => `${row.zip} ${row.city}` },
    { id: 'country', header: () => m.delivery_ui_col_country(), cell: (row) => countryName(countries, row.country), text: (row) => row.country },
    {
      id: 'email',
      header: () => m.delivery_ui_col_email(),
      cell: (row) => <span className={css({ overflowWrap: 'anywhere' })}>{row.email}</span>,
      text: (row) => row.email,
    },
    { id: 'active', header: () => m.delivery_ui_col_active(), cell: (row) => <ActiveCell row={row} actions={actions} /> },
    {
      id: 'actions',
      header: () => m.delivery_ui_col_actions(),
      cell: (row) => <RowActionsCell row={row} actions={actions} cid={cid} here={here} trail={trail} />,
      card: 'actions',
    },
  ]
}

function NameCell({ row }: { row: DeliveryAddress }) {
  return (
    <span className={css({ display: 'grid', gap: '1', justifyItems: 'start', minW: '0', overflowWrap: 'anywhere' })}>
      <strong>{row.name1}</strong>
      {row.name2 ? <span className={`${muted} ${css({ fontSize: 'sm' })}`}>{row.name2}</span> : null}
      {row.is_delivery ? (
        <span id={markId(row.id)} tabIndex={-1} data-testid="delivery-mark" className={markClass}>
          <span aria-hidden>✓</span> {m.delivery_ui_mark()}
        </span>
      ) : null}
    </span>
  )
}

const markClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  border: '1px solid',
  borderColor: 'success.600',
  bg: 'success.50',
  color: 'success.600',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '3px solid', outlineColor: 'focus', outlineOffset: '2px' },
})

/** The active switch; the delivery address's is locked, and says why. */
function ActiveCell({ row, actions }: { row: DeliveryAddress; actions: AddressActions }) {
  const reason = useId()
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', minW: '0' })}>
      <label className={css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minW: '8', minH: '8', cursor: 'pointer' })}>
        <input
          type="checkbox"
          checked={row.active}
          disabled={row.is_delivery || actions.busy === row.id}
          aria-describedby={row.is_delivery ? reason : undefined}
          onChange={(event) => actions.setActive(row, event.target.checked)}
          className={css({ w: '5', h: '5', accentColor: 'accent', cursor: 'inherit', _disabled: { cursor: 'not-allowed' } })}
        />
        <span className={css({ srOnly: true })}>{m.delivery_ui_active_of({ name: row.name1 })}</span>
      </label>
      {row.is_delivery ? (
        <span id={reason} className={`${muted} ${css({ fontSize: 'xs' })}`}>
          {m.delivery_ui_active_locked()}
        </span>
      ) : null}
    </span>
  )
}

/**
 * Edit (active addresses), the address's activity (every address, for a caller who may read the
 * trail of company `trail`), and select (active ones that are not the delivery address).
 */
export function deliveryRowActions(row: DeliveryAddress, actions: AddressActions, cid: number | undefined, here: string, trail: number | null): RowAction[] {
  const activity = trail === null ? [] : [activityRowAction(trail, activityTarget('delivery_address', row.id), row.name1)]
  if (!row.active) return activity
  const edit: RowAction = {
    value: 'edit',
    label: m.delivery_ui_edit(),
    named: `${m.delivery_ui_edit()}: ${row.name1}`,
    link: (props) => <Link to="/{-$location}/edit-delivery" params={keepLocation} search={{ address: row.id, cid, redirect: here }} {...props} />,
  }
  if (row.is_delivery) return [edit, ...activity]
  const select: RowAction = {
    value: 'select',
    label: m.delivery_ui_select(),
    named: `${m.delivery_ui_select()}: ${row.name1}`,
    disabled: actions.busy !== null,
    busy: actions.busy === row.id,
    run: () => actions.select(row),
  }
  // The activity beside the edit: the long "select" wraps to a line of its own.
  return [edit, ...activity, select]
}

type CellProps = { row: DeliveryAddress; actions: AddressActions; cid: number | undefined; here: string; trail: number | null }

function RowActionsCell({ row, actions, cid, here, trail }: CellProps) {
  return (
    <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      <RowActions name={row.name1} actions={deliveryRowActions(row, actions, cid, here, trail)} />
    </span>
  )
}
