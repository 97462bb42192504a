// Limits of the company fields a dealer fills in (company-create; the server checks the same
// through the contract's schema, the form says them as hints). Long enough for real German and
// international addresses, short enough that a pasted novel is refused.
export const COMPANY_FIELD_MAX = {
  name1: 100,
  name2: 100,
  address1: 100,
  address2: 100,
  zip: 20,
  city: 80,
  vat_number: 30,
  customer_number: 30,
  email: 254,
  phone: 40,
  mobile: 40,
} as const

/** How many children of one node the change-parent tree gets per call. */
export const PARENT_CHOICES_PAGE = 200
