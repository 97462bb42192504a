import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useEffect, useState } from 'react'
import { REDIRECT_TOAST_MS } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { messagesOf } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { Notice, Page, buttonClass, cardClass, headingClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { shopTargetFn } from './shop.functions'

type State = { kind: 'loading' } | { kind: 'refused'; messages: string[] } | { kind: 'going'; url: string }

export function Redirect2ShopScreen() {
  useLocale()
  const shopTarget = useServerFn(shopTargetFn)
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    let cancelled = false
    shopTarget()
      .then((target) => {
        if (cancelled) return
        if (target.kind === 'ok') {
          setState({ kind: 'going', url: target.url })
          showToast({ title: () => m.redirect_to_shop(), durationMs: REDIRECT_TOAST_MS })
          window.location.assign(target.url)
        } else if (target.kind === 'refused') {
          setState({ kind: 'refused', messages: target.messages })
          showErrorToast(target.messages)
        } else window.location.assign('/')
      })
      .catch((caught: unknown) => {
        if (cancelled) return
        const messages = [...messagesOf(caught)]
        setState({ kind: 'refused', messages })
        showErrorToast(messages)
      })
    return () => {
      cancelled = true
    }
  }, [shopTarget])

  return (
    <Page>
      <section className={cardClass} aria-labelledby="redirect-heading" aria-busy={state.kind === 'loading'}>
        <h1 id="redirect-heading" className={headingClass}>
          {m.redirect_to_shop()}
        </h1>
        {state.kind === 'refused' ? (
          <>
            <Notice tone="danger" role="alert">
              {state.messages.join('\n')}
            </Notice>
            <p>
              <Link to="/" className={buttonClass}>
                {m.back_home()}
              </Link>
            </p>
          </>
        ) : (
          <p role="status">
            {m.redirect_to_shop_wait()} {state.kind === 'going' ? <a href={state.url}>{m.redirect_to_shop_link()}</a> : null}
          </p>
        )}
      </section>
    </Page>
  )
}
