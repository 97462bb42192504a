import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useEffect, useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { listState, ListState } from '../../ui/data-table'
import { Notice, buttonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { CodeForm } from './code-form'
import { RecoveryCodes } from './recovery-codes'
import { groupedKey } from './second-factor-text'
import { secondFactorDisableFn, secondFactorEnableFn, secondFactorQueryOptions, secondFactorSetupFn } from './security.functions'
import { SecuritySection } from './security-section'

// The second factor (decision 054): its state; setting it up (QR code and key, then a code
// from the app), the recovery codes shown once; turning it off with a code. A switched session
// may not change it: the server's 403 is shown here as it says it.
type Setup = { secret: string; otpauth_url: string; qr_code: string }
type Step = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: ReadonlyArray<string> }

export function SecondFactorSection({ username, site }: { username: string; site: string }) {
  const status = useQuery(secondFactorQueryOptions())
  const queryClient = useQueryClient()
  const startSetup = useServerFn(secondFactorSetupFn)
  const enable = useServerFn(secondFactorEnableFn)
  const disable = useServerFn(secondFactorDisableFn)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [refused, setRefused] = useState<ReadonlyArray<string> | null>(null)
  const [starting, setStarting] = useState(false)
  const setupHeading = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (step.kind === 'setup') setupHeading.current?.focus()
  }, [step.kind])

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['security'] })

  async function setUp() {
    setStarting(true)
    try {
      const answer = await startSetup({ data: {} })
      if (answer.status) return setStep({ kind: 'setup', setup: answer.data })
      // 403 (switched to another user) stays on the page; anything else is a toast.
      if (answer.httpStatus === 403) setRefused(answer.messages)
      else showErrorToast(answer.messages)
    } finally {
      setStarting(false)
    }
  }

  const view = (() => {
    if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} username={username} site={site} onDone={() => setStep({ kind: 'idle' })} />
    const data = status.data
    if (!data) return <ListState state={listState(status)} empty="" />
    if (data.enabled)
      return (
        <>
          <p>{m.security_2fa_on({ count: String(data.recovery_codes_left) })}</p>
          <CodeForm
            kind="disable"
            onSubmit={async (code) => {
              const answer = await disable({ data: { code } })
              if (!answer.status) return { messages: answer.messages, field: answer.httpStatus === 400 ? 'code' : null }
              showToast({ title: () => m.security_2fa_disabled(), type: 'success' })
              await refresh()
            }}
          />
        </>
      )
    if (step.kind === 'setup')
      return (
        <div className={css({ display: 'grid', gap: '4' })}>
          <p ref={setupHeading} tabIndex={-1}>
            {m.security_2fa_scan()}
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
            <img
              src={step.setup.qr_code}
              alt={m.security_2fa_qr_alt()}
              width={200}
              height={200}
              className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'white' })}
            />
            <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
              <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.security_2fa_secret()}</span>
              <code data-secret={step.setup.secret} className={css({ fontFamily: 'mono', fontSize: 'lg', overflowWrap: 'anywhere', userSelect: 'all' })}>
                {groupedKey(step.setup.secret)}
              </code>
            </div>
          </div>
          <CodeForm
            kind="enable"
            onSubmit={async (code) => {
              const answer = await enable({ data: { code } })
              if (!answer.status) return { messages: answer.messages, field: answer.httpStatus === 400 ? 'code' : null }
              setStep({ kind: 'codes', codes: answer.data.recovery_codes })
              await refresh()
            }}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        </div>
      )
    return (
      <>
        <p>{m.security_2fa_off()}</p>
        <div>
          <button type="button" className={buttonClass} onClick={() => void setUp()} disabled={starting} aria-busy={starting}>
            {starting ? m.security_2fa_setting_up() : m.security_2fa_setup()}
          </button>
        </div>
      </>
    )
  })()

  return (
    <SecuritySection title={m.security_2fa_heading()} intro={m.security_2fa_intro()}>
      {refused ? (
        <Notice tone="warning" role="alert">
          {refused.join(' ')}
        </Notice>
      ) : null}
      {view}
    </SecuritySection>
  )
}
