import type { z } from 'zod'
import { ruleProblemOf, ruleWords } from '../../contract/rule-words'
import { m } from '../../paraglide/messages'
import type { LocalizedText } from './errors.server'

// Zod issues become clear messages in the caller's language, naming the field.
const FIELD_LABELS: Record<string, LocalizedText> = {
  username: (locale) => m.field_username({}, { locale }),
  password: (locale) => m.field_password({}, { locale }),
  email: (locale) => m.field_email({}, { locale }),
  // The second factor (decision 054).
  code: (locale) => m.field_code({}, { locale }),
  // Switch user's reason (decision 055).
  reason: (locale) => m.field_reason({}, { locale }),
  // Registration and passwords (decision 030).
  password1: (locale) => m.field_password1({}, { locale }),
  password2: (locale) => m.field_password2({}, { locale }),
  first_name: (locale) => m.field_first_name({}, { locale }),
  middle_name: (locale) => m.field_middle_name({}, { locale }),
  last_name: (locale) => m.field_last_name({}, { locale }),
  id: (locale) => m.field_id({}, { locale }),
  cid: (locale) => m.field_cid({}, { locale }),
  line: (locale) => m.field_line({}, { locale }),
  // Companies: change-parent and company-create (decision 029).
  parent: (locale) => m.change_parent_field_parent({}, { locale }),
  node: (locale) => m.change_parent_field_node({}, { locale }),
  offset: (locale) => m.change_parent_field_offset({}, { locale }),
  name1: (locale) => m.company_create_field_name1({}, { locale }),
  name2: (locale) => m.company_create_field_name2({}, { locale }),
  address1: (locale) => m.company_create_field_address1({}, { locale }),
  address2: (locale) => m.company_create_field_address2({}, { locale }),
  zip: (locale) => m.company_create_field_zip({}, { locale }),
  city: (locale) => m.company_create_field_city({}, { locale }),
  country: (locale) => m.company_create_field_country({}, { locale }),
  company_type: (locale) => m.company_create_field_company_type({}, { locale }),
  vat_number: (locale) => m.company_create_field_vat_number({}, { locale }),
  customer_number: (locale) => m.company_create_field_customer_number({}, { locale }),
  phone: (locale) => m.company_create_field_phone({}, { locale }),
  mobile: (locale) => m.company_create_field_mobile({}, { locale }),
  search: (locale) => m.field_search({}, { locale }),
  // The glossary (decision 038).
  term: (locale) => m.glossary_field_term({}, { locale }),
  translation: (locale) => m.glossary_field_translation({}, { locale }),
  note: (locale) => m.glossary_field_note({}, { locale }),
}

// Fields whose absence the product spec words itself (the repeat password).
const REQUIRED_WORDS: Record<string, LocalizedText> = {
  password2: (locale) => m.password_repeat_required({}, { locale }),
}

function fieldLabel(path: ReadonlyArray<PropertyKey>): LocalizedText {
  const name = path.map(String).join('.') || 'input'
  return FIELD_LABELS[name] ?? (() => name)
}

export function issueText(issue: z.core.$ZodIssue, input: unknown): LocalizedText {
  const field = fieldLabel(issue.path)
  const value = valueAt(input, issue.path)
  const required = REQUIRED_WORDS[issue.path.map(String).join('.')] ?? ((locale) => m.validation_required({ field: field(locale) }, { locale }))
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? required : (locale) => m.validation_invalid({ field: field(locale) }, { locale })
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && !hasText(value)) return required
      if (issue.origin === 'string') return (locale) => m.validation_too_short({ field: field(locale), min: String(issue.minimum) }, { locale })
      // .positive() is "more than 0", not "at least 0".
      return issue.inclusive === false
        ? (locale) => m.validation_number_above({ field: field(locale), min: String(issue.minimum) }, { locale })
        : (locale) => m.validation_number_too_small({ field: field(locale), min: String(issue.minimum) }, { locale })
    case 'too_big':
      if (issue.origin === 'string') return (locale) => m.validation_too_long({ field: field(locale), max: String(issue.maximum) }, { locale })
      return issue.inclusive === false
        ? (locale) => m.validation_number_below({ field: field(locale), max: String(issue.maximum) }, { locale })
        : (locale) => m.validation_number_too_large({ field: field(locale), max: String(issue.maximum) }, { locale })
    case 'invalid_format':
      return issue.format === 'email'
        ? (locale) => m.validation_email({ field: field(locale) }, { locale })
        : (locale) => m.validation_invalid({ field: field(locale) }, { locale })
    case 'invalid_value':
      // Nothing chosen (a missing or blank code) is "required", not "must be one of".
      if (value === undefined || (typeof value === 'string' && !hasText(value))) return required
      return (locale) => m.validation_one_of({ field: field(locale), options: issue.values.map(String).join(', ') }, { locale })
    case 'custom': {
      const rule = ruleProblemOf(issue.params)
      if (rule) return (locale) => ruleWords(rule, field(locale), locale)
      return (locale) => m.validation_invalid({ field: field(locale) }, { locale })
    }
    case 'unrecognized_keys':
      return (locale) => m.validation_unknown_field({ field: issue.keys.join(', ') }, { locale })
    default:
      return (locale) => m.validation_invalid({ field: field(locale) }, { locale })
  }
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = input
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = Reflect.get(current, key)
  }
  return current
}
