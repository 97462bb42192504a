import { COMPANY_FIELD_MAX } from '../../../src/domain/company-fields'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'

// The fields of a delivery address as the create and edit forms show them: labels, limits,
// autocomplete hints.
export const ADDRESS_LABELS = {
  name1: () => m.delivery_ui_field_name1(),
  name2: () => m.delivery_ui_field_name2(),
  address1: () => m.delivery_ui_field_address1(),
  address2: () => m.delivery_ui_field_address2(),
  zip: () => m.delivery_ui_field_zip(),
  city: () => m.delivery_ui_field_city(),
  country: () => m.delivery_ui_field_country(),
  phone: () => m.delivery_ui_field_phone(),
  mobile: () => m.delivery_ui_field_mobile(),
  email: () => m.delivery_ui_field_email(),
}

export type AddressTextField = Exclude<keyof typeof ADDRESS_LABELS, 'country'>
export type FieldSpec<N extends AddressTextField = AddressTextField> = { name: N; type?: 'email'; autoComplete?: string; inputMode?: 'tel' | 'email' }

export const NAME_FIELDS: ReadonlyArray<FieldSpec<'name1' | 'name2'>> = [{ name: 'name1', autoComplete: 'organization' }, { name: 'name2' }]
export const PLACE_FIELDS: ReadonlyArray<FieldSpec<'address1' | 'address2' | 'zip' | 'city'>> = [
  { name: 'address1', autoComplete: 'address-line1' },
  { name: 'address2', autoComplete: 'address-line2' },
  { name: 'zip', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
]
export const CONTACT_FIELDS: ReadonlyArray<FieldSpec<'phone' | 'mobile' | 'email'>> = [
  { name: 'phone', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'mobile', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
]

export const maxOf = (name: AddressTextField): number => COMPANY_FIELD_MAX[name]

/** The props of one text field of the address forms: label, limit hint, required mark, input hints. */
export function addressInputProps(spec: FieldSpec, required: ReadonlySet<string>) {
  return {
    label: ADDRESS_LABELS[spec.name](),
    hint: m.delivery_ui_hint_max({ max: String(maxOf(spec.name)) }),
    required: required.has(spec.name),
    type: spec.type,
    autoComplete: spec.autoComplete,
    inputMode: spec.inputMode,
    maxLength: maxOf(spec.name),
  }
}

export const fieldGridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  border: 0,
  p: 0,
  m: 0,
  minW: '0',
})
export const legendClass = css({ fontWeight: 'semibold', mb: '2' })

/** A country's name from the choices (its code when unknown). */
export function countryName(choices: ReadonlyArray<readonly [string, string]>, code: string): string {
  return choices.find(([value]) => value === code)?.[1] ?? code
}
