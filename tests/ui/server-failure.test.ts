import { describe, expect, it } from 'vitest'
import { failureErrors } from '../../app/ui/form/server-failure'

// Where a server refusal lands in a form: on the fields it names, the rest on the form.
const values = { name1: 'Holzhandel', zip: '70173', logo: null }
const texts = (problems: ReturnType<typeof failureErrors>) => ({
  form: problems.form?.text() ?? null,
  fields: Object.fromEntries(Object.entries(problems.fields).map(([name, problem]) => [name, problem.text()])),
})

describe('failureErrors', () => {
  it('puts messages by field on those fields, and what names no field of the form on the form', () => {
    const failure = {
      messages: ['Company name is a required field.', 'Postcode is too long.', 'The document is odd.'],
      fields: { name1: ['Company name is a required field.'], zip: ['Postcode is too long.'], document: ['The document is odd.'] },
    }
    expect(texts(failureErrors(failure, values))).toEqual({
      form: 'The document is odd.',
      fields: { name1: 'Company name is a required field.', zip: 'Postcode is too long.' },
    })
  })

  it('keeps the one-field and quoted-value rules when no fields are named', () => {
    expect(texts(failureErrors({ messages: ['The logo is too big.'], field: 'logo' }, values))).toEqual({
      form: null,
      fields: { logo: 'The logo is too big.' },
    })
    expect(texts(failureErrors({ messages: ['No company Holzhandel.'] }, values))).toEqual({ form: null, fields: { name1: 'No company Holzhandel.' } })
    expect(texts(failureErrors({ messages: ['Something else.'], fields: { other: ['x'] } }, values))).toEqual({ form: 'Something else.', fields: {} })
  })
})
