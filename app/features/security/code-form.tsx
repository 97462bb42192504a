import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { secondaryButtonClass } from '../../ui/page'
import { useZodForm, type SubmitFailure } from '../../ui/form/use-zod-form'

// The one-field form of the second factor's enable (a code from the app) and disable (that or a
// recovery code): the contract's body as its rule, the server's refusal on the field.
type Props = {
  kind: 'enable' | 'disable'
  onSubmit: (code: string) => Promise<SubmitFailure<'code'> | void>
  /** A way back beside the submit button (the setup's cancel). */
  onCancel?: () => void
}

export function CodeForm({ kind, onSubmit, onCancel }: Props) {
  const enable = kind === 'enable'
  const label = enable ? m.security_2fa_code : m.security_2fa_disable_code
  const form = useZodForm({
    schema: () => import('./security-checks').then((module) => (enable ? module.enableCheck : module.disableCheck)),
    defaultValues: { code: '' },
    labels: { code: label },
    onSubmit: async (value) => onSubmit(value.code),
  })
  return (
    <form.AppForm>
      <form.Frame label={enable ? m.security_2fa_enable() : m.security_2fa_disable()}>
        <div className={css({ maxW: '22rem' })}>
          <form.AppField name="code">
            {(field) => (
              <field.TextInput
                label={label()}
                hint={enable ? m.security_2fa_code_hint() : undefined}
                required
                autoComplete="one-time-code"
                inputMode={enable ? 'numeric' : 'text'}
                maxLength={enable ? 6 : 32}
              />
            )}
          </form.AppField>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <form.SubmitButton variant={enable ? 'primary' : 'danger'} busyLabel={enable ? m.security_2fa_enabling() : m.security_2fa_disabling()}>
            {enable ? m.security_2fa_enable() : m.security_2fa_disable_confirm()}
          </form.SubmitButton>
          {onCancel ? (
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              {m.cancel()}
            </button>
          ) : null}
        </div>
        <form.Alert />
      </form.Frame>
    </form.AppForm>
  )
}
