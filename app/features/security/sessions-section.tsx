import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { UserSessionRow } from '../../../src/contract/user-sessions'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { ConfirmDialog } from '../../ui/modal'
import { TableOrCards } from '../../ui/data-cards'
import { listState, type Column } from '../../ui/data-table'
import { formatDateTime } from '../../ui/format'
import { forgetOfflinePages } from '../../ui/offline-pages'
import { secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { endOtherSessionsFn, endSessionFn, sessionsQueryOptions } from './security.functions'
import { SecuritySection } from './security-section'
import { addressShown, browserName } from './session-words'

// Where the user is signed in (decision 056): each session with its browser, times and address;
// one can be ended, or all but this one. Ending this one is signing out.
const badgeClass = css({ fontSize: 'sm', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full', bg: 'oak.100', whiteSpace: 'nowrap' })

function BrowserCell({ row }: { row: UserSessionRow }) {
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
      {browserName(row.browser)}
      {row.current ? <span className={badgeClass}>{m.security_session_current()}</span> : null}
    </span>
  )
}

export function SessionsSection() {
  const list = useQuery(sessionsQueryOptions())
  const queryClient = useQueryClient()
  const router = useRouter()
  const endOne = useServerFn(endSessionFn)
  const endOthers = useServerFn(endOtherSessionsFn)
  const [ending, setEnding] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const sessions = list.data ?? []
  const others = sessions.filter((session) => !session.current).length

  async function end(row: UserSessionRow) {
    setEnding(row.id)
    try {
      const answer = await endOne({ data: { id: row.id } })
      if (!answer.status) return showErrorToast(answer.messages)
      // The session of this page ended: the cookie goes too, and the login page comes.
      if (row.current) {
        await forgetOfflinePages()
        await router.navigate({ to: '/logout', search: { redirect: '/security' } })
        return
      }
      showToast({ title: () => m.security_session_ended(), lines: [() => browserName(row.browser)], type: 'success' })
      await queryClient.invalidateQueries({ queryKey: ['security'] })
    } finally {
      setEnding(null)
    }
  }

  async function endAllOthers(): Promise<void> {
    const answer = await endOthers({ data: {} })
    setAsking(false)
    if (!answer.status) return showErrorToast(answer.messages)
    const count = String(answer.data.ended)
    showToast({ title: () => m.security_sessions_ended({ count }), type: 'success' })
    await queryClient.invalidateQueries({ queryKey: ['security'] })
  }

  const columns: Array<Column<UserSessionRow>> = [
    { id: 'browser', header: () => m.security_col_browser(), cell: (row) => <BrowserCell row={row} />, card: 'title' },
    { id: 'created', header: () => m.security_col_created(), cell: (row) => formatDateTime(row.created), text: (row) => row.created },
    { id: 'last_seen', header: () => m.security_col_last_seen(), cell: (row) => formatDateTime(row.last_seen), text: (row) => row.last_seen },
    { id: 'address', header: () => m.security_col_address(), cell: (row) => addressShown(row.address), text: (row) => row.address },
    {
      id: 'end',
      header: () => m.security_session_end(),
      card: 'actions',
      cell: (row) => (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={ending !== null}
          aria-busy={ending === row.id}
          aria-label={row.current ? undefined : m.security_session_end_label({ browser: browserName(row.browser), created: formatDateTime(row.created) })}
          onClick={() => void end(row)}
        >
          {ending === row.id ? m.security_ending() : row.current ? m.security_session_end_current() : m.security_session_end()}
        </button>
      ),
    },
  ]

  return (
    <SecuritySection title={m.security_sessions_heading()} intro={m.security_sessions_intro()}>
      <TableOrCards
        label={m.security_sessions_heading()}
        columns={columns}
        rows={sessions}
        rowKey={(row) => row.id}
        state={listState(list)}
        empty={m.security_sessions_empty()}
      />
      {others > 0 ? (
        <div>
          <button type="button" className={secondaryButtonClass} onClick={() => setAsking(true)}>
            {m.security_end_others()}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={m.security_end_others_title()}
        text={m.security_end_others_text()}
        confirmLabel={m.security_end_sessions_confirm()}
        busyLabel={m.security_ending()}
        onConfirm={endAllOthers}
        onClose={() => setAsking(false)}
      />
    </SecuritySection>
  )
}
