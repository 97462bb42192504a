import { useServerFn } from '@tanstack/react-start'
import { Fragment } from 'react'
import type { DeliveryAddress } from '../../../src/contract/delivery'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { showFailureToast } from '../../ui/failure-toast'
import { useZodForm } from '../../ui/form/use-zod-form'
import { showToast } from '../../ui/toast'
import { ADDRESS_LABELS, CONTACT_FIELDS, NAME_FIELDS, countryName, fieldGridClass, legendClass, addressInputProps, type FieldSpec } from './delivery-fields'
import { addressEditFn } from './delivery.functions'

// delivery-edit's form: only name1 and phone required; the address itself is
// shown, not editable (and not sent: the server keeps it as it is).
const REQUIRED = new Set(['name1', 'phone'])

type Props = { cid: number; address: DeliveryAddress; countries: ReadonlyArray<readonly [string, string]>; onSaved: () => Promise<void> }

export function DeliveryEditForm({ cid, address, countries, onSaved }: Props) {
  const edit = useServerFn(addressEditFn)
  const zodForm = useZodForm({
    schema: () => import('./delivery-edit-check').then((module) => module.deliveryEditCheck),
    defaultValues: { name1: address.name1, name2: address.name2, phone: address.phone, mobile: address.mobile, email: address.email },
    labels: ADDRESS_LABELS,
    onSubmit: async (value) => {
      const result = await edit({ data: { cid, id: address.id, ...value } })
      if (!result.status) {
        showFailureToast(result.messages)
        return { messages: result.messages }
      }
      const name = result.data.address.name1
      showToast({ title: () => m.delivery_ui_saved(), lines: [() => m.delivery_ui_edit_saved_line({ name })], type: 'success' })
      await onSaved()
    },
  })
  const field = (spec: FieldSpec<'name1' | 'name2' | 'phone' | 'mobile' | 'email'>) => (
    <zodForm.AppField key={spec.name} name={spec.name}>
      {(input) => <input.TextInput {...addressInputProps(spec, REQUIRED)} />}
    </zodForm.AppField>
  )
  return (
    <zodForm.AppForm>
      <zodForm.Frame label={m.delivery_ui_edit_title()}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.delivery_ui_required_note()}</p>
        <fieldset className={fieldGridClass}>
          <legend className={legendClass}>{m.delivery_ui_section_address()}</legend>
          {NAME_FIELDS.map(field)}
          <ReadOnlyAddress address={address} countries={countries} />
        </fieldset>
        <fieldset className={fieldGridClass}>
          <legend className={legendClass}>{m.delivery_ui_section_contact()}</legend>
          {CONTACT_FIELDS.map(field)}
        </fieldset>
        <zodForm.Alert />
        <zodForm.SubmitButton busyLabel={m.delivery_ui_edit_busy()}>{m.delivery_ui_edit_submit()}</zodForm.SubmitButton>
      </zodForm.Frame>
    </zodForm.AppForm>
  )
}

/** The address fields as text: they cannot be changed here (a new address is the way). */
function ReadOnlyAddress({ address, countries }: { address: DeliveryAddress; countries: ReadonlyArray<readonly [string, string]> }) {
  const rows: Array<[string, string]> = [
    [ADDRESS_LABELS.address1(), address.address1],
    [ADDRESS_LABELS.address2(), address.address2],
    [ADDRESS_LABELS.zip(), address.zip],
    [ADDRESS_LABELS.city(), address.city],
    [ADDRESS_LABELS.country(), countryName(countries, address.country)],
  ]
  return (
    <div
      className={css({ gridColumn: '1 / -1', display: 'grid', gap: '2', bg: 'bg.subtle', borderRadius: 'control', p: '3' })}
      data-testid="delivery-read-only"
    >
      {/* A phone puts each label above its value, so a long German label leaves the value room. */}
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, max-content) minmax(0, 1fr)' },
          columnGap: '4',
          rowGap: { base: '0', sm: '1' },
          m: 0,
        })}
      >
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className={css({ color: 'fg.muted', fontSize: { base: 'sm', sm: 'md' } })}>{label}</dt>
            <dd className={css({ m: 0, mb: { base: '2', sm: '0' }, overflowWrap: 'anywhere' })}>{value || '–'}</dd>
          </Fragment>
        ))}
      </dl>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.delivery_ui_edit_read_only()}</p>
    </div>
  )
}
