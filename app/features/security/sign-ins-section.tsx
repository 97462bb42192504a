import { useQuery } from '@tanstack/react-query'
import type { SignInRow } from '../../../src/contract/user-sessions'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { TableOrCards } from '../../ui/data-cards'
import { listState, type Column } from '../../ui/data-table'
import { formatDateTime } from '../../ui/format'
import { addressShown, browserName } from './session-words'
import { signInsQueryOptions } from './security.functions'
import { SecuritySection } from './security-section'

// The last sign-ins to the account, refused ones too (from the activity trail, decision 053).
const outcome = (row: SignInRow) => (row.outcome === 'refused' ? m.security_signin_refused() : m.security_signin_done())

const COLUMNS: Array<Column<SignInRow>> = [
  { id: 'at', header: () => m.security_col_time(), cell: (row) => formatDateTime(row.at), text: (row) => row.at, card: 'title' },
  {
    id: 'outcome',
    header: () => m.security_col_outcome(),
    cell: (row) => <span className={row.outcome === 'refused' ? css({ color: 'danger.700', fontWeight: 'semibold' }) : undefined}>{outcome(row)}</span>,
    text: outcome,
    card: 'badge',
  },
  { id: 'address', header: () => m.security_col_address(), cell: (row) => addressShown(row.address), text: (row) => row.address },
  { id: 'browser', header: () => m.security_col_browser(), cell: (row) => browserName(row.browser), text: (row) => row.browser },
]

export function SignInsSection() {
  const list = useQuery(signInsQueryOptions())
  return (
    <SecuritySection title={m.security_signins_heading()} intro={m.security_signins_intro()}>
      <TableOrCards
        label={m.security_signins_heading()}
        columns={COLUMNS}
        rows={list.data ?? []}
        rowKey={(row, index) => `${row.at} ${index}`}
        state={listState(list)}
        empty={m.security_signins_empty()}
      />
    </SecuritySection>
  )
}
