import { LOCALES, type Locale } from '../../../src/domain/locales'
import type { ContactFormOutput, ContactFormValues } from './contact-form-check'
import { CONTACT_FIELD_MAX } from '../../../src/domain/contact-fields'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { Choice } from '../../ui/form/select-input'
import { useZodForm, type SubmitFailure } from '../../ui/form/use-zod-form'
import { CheckboxInput } from '../../ui/form/checkbox-input'
import { SelectInput } from '../../ui/form/select-input'

// The fields of a contact on the forms layer, for contacts-create and contact-edit; the limits
// said as hints. The check is contact-form-check.ts, loaded on first use.
export type { ContactFormOutput, ContactFormValues } from './contact-form-check'

const LABELS = {
  email: () => m.contacts_ui_field_email(),
  first_name: () => m.contacts_ui_field_first_name(),
  middle_name: () => m.contacts_ui_field_middle_name(),
  last_name: () => m.contacts_ui_field_last_name(),
  language: () => m.contacts_ui_field_language(),
  dealer_admin: () => m.contacts_ui_field_dealer_admin(),
  opt_out: () => m.contacts_ui_field_opt_out(),
  company: () => m.contacts_ui_field_company(),
  is_active: () => m.contacts_ui_field_active(),
}

const LANGUAGE_LABEL: Record<Locale, () => string> = { de: () => m.contacts_ui_language_de(), en: () => m.contacts_ui_language_en() }

const gridClass = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4' })
const legendClass = css({ fontWeight: 'semibold', mb: '2' })

export type ContactFormProps = {
  label: string
  defaultValues: ContactFormValues
  /** Edit: the companies the contact may be moved to (one only: the field is fixed). */
  companies?: ReadonlyArray<Choice>
  /** Edit: whether active is offered. */
  withActive?: boolean
  /** Whether dealer_admin is offered (only a dealer admin may grant it). */
  withDealerAdmin: boolean
  /** The caller's own record: active, dealer admin and company are fixed (the server refuses them). */
  selfLocked?: boolean
  submitLabel: string
  busyLabel: string
  onSubmit: (value: ContactFormOutput) => Promise<SubmitFailure<Extract<keyof ContactFormValues, string>> | void>
}

export function ContactForm({
  label,
  defaultValues,
  companies,
  withActive = false,
  withDealerAdmin,
  selfLocked = false,
  submitLabel,
  busyLabel,
  onSubmit,
}: ContactFormProps) {
  const form = useZodForm({ schema: () => import('./contact-form-check').then((module) => module.contactForm), defaultValues, labels: LABELS, onSubmit })
  const hint = m.contacts_ui_hint_max({ max: String(CONTACT_FIELD_MAX.name) })
  return (
    <form.AppForm>
      <form.Frame label={label}>
        <fieldset className={gridClass}>
          <legend className={legendClass}>{m.contacts_ui_section_person()}</legend>
          <form.AppField name="email">
            {(field) => (
              <field.TextInput
                label={LABELS.email()}
                hint={m.contacts_ui_hint_email()}
                required
                type="email"
                autoComplete="off"
                inputMode="email"
                maxLength={CONTACT_FIELD_MAX.email}
              />
            )}
          </form.AppField>
          <form.AppField name="first_name">
            {(field) => <field.TextInput label={LABELS.first_name()} hint={hint} required autoComplete="off" maxLength={CONTACT_FIELD_MAX.name} />}
          </form.AppField>
          <form.AppField name="middle_name">
            {(field) => <field.TextInput label={LABELS.middle_name()} hint={hint} autoComplete="off" maxLength={CONTACT_FIELD_MAX.name} />}
          </form.AppField>
          <form.AppField name="last_name">
            {(field) => <field.TextInput label={LABELS.last_name()} hint={hint} autoComplete="off" maxLength={CONTACT_FIELD_MAX.name} />}
          </form.AppField>
          <form.AppField name="language">
            {() => <SelectInput label={LABELS.language()} choices={LOCALES.map((code) => [code, LANGUAGE_LABEL[code]()] as const)} required />}
          </form.AppField>
          {companies ? (
            <form.AppField name="company">
              {() => <SelectInput label={LABELS.company()} hint={selfLocked ? m.contacts_ui_self_locked() : undefined} choices={companies} required />}
            </form.AppField>
          ) : null}
        </fieldset>
        <fieldset className={css({ display: 'grid', gap: '3' })}>
          <legend className={legendClass}>{m.contacts_ui_section_settings()}</legend>
          {withActive ? (
            <form.AppField name="is_active">
              {() => (
                <CheckboxInput label={LABELS.is_active()} hint={selfLocked ? m.contacts_ui_self_locked() : m.contacts_ui_hint_active()} disabled={selfLocked} />
              )}
            </form.AppField>
          ) : null}
          {withDealerAdmin ? (
            <form.AppField name="dealer_admin">
              {() => (
                <CheckboxInput
                  label={LABELS.dealer_admin()}
                  hint={selfLocked ? m.contacts_ui_self_locked() : m.contacts_ui_hint_dealer_admin()}
                  disabled={selfLocked}
                />
              )}
            </form.AppField>
          ) : null}
          <form.AppField name="opt_out">{() => <CheckboxInput label={LABELS.opt_out()} />}</form.AppField>
        </fieldset>
        <form.Alert />
        <form.SubmitButton busyLabel={busyLabel}>{submitLabel}</form.SubmitButton>
      </form.Frame>
    </form.AppForm>
  )
}
