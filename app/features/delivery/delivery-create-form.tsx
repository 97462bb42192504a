import { useServerFn } from '@tanstack/react-start'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { showFailureToast } from '../../ui/failure-toast'
import { useZodForm } from '../../ui/form/use-zod-form'
import { showToast } from '../../ui/toast'
import { ADDRESS_LABELS, CONTACT_FIELDS, NAME_FIELDS, PLACE_FIELDS, fieldGridClass, legendClass, addressInputProps, type FieldSpec } from './delivery-fields'
import { addressCreateFn } from './delivery.functions'
import { SelectInput } from '../../ui/form/select-input'

// delivery-create's form: name1, zip, city, address1, country and phone
// required, e-mail valid if given — the contract's own schema, checked here and on the server.
const REQUIRED = new Set(['name1', 'address1', 'zip', 'city', 'phone'])

type Props = { cid: number; countries: ReadonlyArray<[string, string]>; defaultCountry: string; onCreated: () => Promise<void> }

export function DeliveryCreateForm({ cid, countries, defaultCountry, onCreated }: Props) {
  const create = useServerFn(addressCreateFn)
  const form = useZodForm({
    schema: () => import('./delivery-create-check').then((module) => module.deliveryCreateCheck),
    defaultValues: { name1: '', name2: '', address1: '', address2: '', zip: '', city: '', country: defaultCountry, phone: '', mobile: '', email: '' },
    labels: ADDRESS_LABELS,
    onSubmit: async (value) => {
      const result = await create({ data: { cid, ...value } })
      if (!result.status) {
        showFailureToast(result.messages)
        return { messages: result.messages }
      }
      const name = result.data.address.name1
      showToast({ title: () => m.delivery_ui_saved(), lines: [() => m.delivery_ui_created_line({ name })], type: 'success' })
      await onCreated()
    },
  })
  const field = (spec: FieldSpec) => (
    <form.AppField key={spec.name} name={spec.name}>
      {(input) => <input.TextInput {...addressInputProps(spec, REQUIRED)} />}
    </form.AppField>
  )
  return (
    <form.AppForm>
      <form.Frame label={m.delivery_ui_create_title()}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.delivery_ui_required_note()}</p>
        <fieldset className={fieldGridClass}>
          <legend className={legendClass}>{m.delivery_ui_section_address()}</legend>
          {NAME_FIELDS.map(field)}
          {PLACE_FIELDS.map(field)}
          <form.AppField name="country">{() => <SelectInput label={ADDRESS_LABELS.country()} choices={countries} required />}</form.AppField>
        </fieldset>
        <fieldset className={fieldGridClass}>
          <legend className={legendClass}>{m.delivery_ui_section_contact()}</legend>
          {CONTACT_FIELDS.map(field)}
        </fieldset>
        <form.Alert />
        <form.SubmitButton busyLabel={m.delivery_ui_create_busy()}>{m.delivery_ui_create_submit()}</form.SubmitButton>
      </form.Frame>
    </form.AppForm>
  )
}
