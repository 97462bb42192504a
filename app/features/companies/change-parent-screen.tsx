import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { SetParentData } from '../../../src/contract/company-parent'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { messagesOf } from '../../ui/call-result'
import { showFailureToast } from '../../ui/failure-toast'
import { Dialog } from '../../ui/form/lazy-dialog'
import { useLocale } from '../../ui/locale'
import { Notice, Page, buttonClass, cardClass, headingClass, linkClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast'
import { ChangeParentTree } from './change-parent-tree'
import { setParentFn, setParentQueryOptions } from './change-parent.functions'

// change-parent (docs/decisions/029-company-parent-and-create.md): the current parent, what moves
// along, the tree of possible parents; choosing one asks first, then moves the company with
// everything below it and goes back to my-company.
export function ChangeParentScreen({ cid }: { cid: number | null }) {
  useLocale()
  if (cid === null) return <BadCid />
  return <ChangeParent cid={cid} />
}

function BadCid() {
  return (
    <Page>
      <h1 className={headingClass}>{m.change_parent_title()}</h1>
      <Notice tone="danger" role="alert">
        {m.change_parent_bad_cid()}
      </Notice>
    </Page>
  )
}

function ChangeParent({ cid }: { cid: number }) {
  const query = useQuery(setParentQueryOptions(cid))
  const [chosen, setChosen] = useState<[number, string] | null>(null)
  const data = query.data
  return (
    <Page>
      <h1 className={headingClass}>{data ? m.change_parent_heading({ company: data.company[1] }) : m.change_parent_title()}</h1>
      {query.isPending ? <Spinner label={m.change_parent_loading()} /> : null}
      {query.isError ? (
        <Notice tone="danger" role="alert">
          <p>{messagesOf(query.error).join(' ')}</p>
          <p className={css({ mt: '2', display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            <button type="button" className={secondaryButtonClass} onClick={() => void query.refetch()}>
              {m.retry()}
            </button>
            <a className={linkClass} href={`/my-company?cid=${cid}`}>
              {m.change_parent_back()}
            </a>
          </p>
        </Notice>
      ) : null}
      {data ? (
        <>
          <section className={cardClass} aria-labelledby="change-parent-facts">
            <h2 id="change-parent-facts" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              {data.company[1]}
            </h2>
            <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '4', rowGap: '1' })}>
              <dt className={css({ fontWeight: 'semibold' })}>{m.change_parent_current_label()}</dt>
              <dd>{data.current ? data.current[1] : m.change_parent_current_none()}</dd>
              <dt className={css({ fontWeight: 'semibold' })}>{m.change_parent_moves_label()}</dt>
              <dd>{movesAlong(data)}</dd>
            </dl>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.change_parent_intro()}</p>
          </section>
          <section className={cardClass}>
            {data.children.length === 0 ? <p>{m.change_parent_empty()}</p> : <ChangeParentTree cid={cid} data={data} onChoose={setChosen} />}
          </section>
          <p>
            <a className={linkClass} href={`/my-company?cid=${cid}`}>
              {m.change_parent_back()}
            </a>
          </p>
          {chosen ? <ConfirmMove cid={cid} data={data} parent={chosen} onClose={() => setChosen(null)} /> : null}
        </>
      ) : null}
    </Page>
  )
}

function movesAlong(data: SetParentData): string {
  return m.change_parent_moves_along({ companies: String(data.moves_along.sub_companies), users: String(data.moves_along.users) })
}

/** Before the move: what moves where, and what moves along. */
function ConfirmMove({ cid, data, parent, onClose }: { cid: number; data: SetParentData; parent: [number, string]; onClose: () => void }) {
  const move = useServerFn(setParentFn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    try {
      const result = await move({ data: { id: cid, parent: parent[0] } })
      if (!result.status) {
        showFailureToast(result.messages)
        setBusy(false)
        onClose()
        await queryClient.invalidateQueries({ queryKey: ['companies', cid] })
        return
      }
      showToast({
        title: () => m.change_parent_moved_title(),
        lines: [() => m.change_parent_moved({ company: data.company[1], parent: parent[1] })],
        type: 'success',
      })
      await queryClient.invalidateQueries({ queryKey: ['companies'] })
      await navigate({ href: `/my-company?cid=${cid}` })
    } catch (error) {
      showFailureToast(messagesOf(error))
      setBusy(false)
    }
  }
  return (
    <Dialog open title={m.change_parent_confirm_title()} onClose={onClose}>
      <p>{m.change_parent_confirm_text({ company: data.company[1], from: data.current?.[1] ?? m.change_parent_current_none(), to: parent[1] })}</p>
      <p className={css({ fontWeight: 'semibold' })}>{movesAlong(data)}</p>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
        <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
          {m.cancel()}
        </button>
        <button type="button" className={busy ? button({ variant: 'primary' }) : buttonClass} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {busy ? m.change_parent_moving() : m.change_parent_confirm()}
        </button>
      </div>
    </Dialog>
  )
}
