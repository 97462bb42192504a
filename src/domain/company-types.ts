// Company type codes of the product spec.
export const COMPANY_TYPES = ['X', 'C', 'D', 'I', 'E'] as const
export type CompanyType = (typeof COMPANY_TYPES)[number]

export const COMPANY_TYPE_MEANING: Record<CompanyType, string> = {
  X: 'other',
  C: 'carpenter',
  D: 'dealer',
  I: 'industry',
  E: 'end customer',
}

export const CHOICE_KINDS = ['region', 'discount_group', 'assortment', 'language'] as const
