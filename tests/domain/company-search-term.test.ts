import { describe, expect, it } from 'vitest'
import { companySearchTerm } from '../../src/contract/company-tree'
import { COMPANY_SEARCH_MAX, COMPANY_SEARCH_MIN, companySearchTermOf } from '../../src/domain/limits'

// The companies screen decides without zod whether a term is searched (decision 035: no contract
// in the screen's scripts); it must take exactly what GET /vue/company/{id}/search2/ takes.
describe('companySearchTermOf', () => {
  const terms = [
    '',
    're',
    ' re ',
    'reu',
    '  reu  ',
    'a'.repeat(COMPANY_SEARCH_MAX),
    'a'.repeat(COMPANY_SEARCH_MAX + 1),
    ` ${'b'.repeat(COMPANY_SEARCH_MAX)} `,
    '\tHolz\n',
    'x'.repeat(COMPANY_SEARCH_MIN),
  ]

  it('takes and trims exactly the terms the endpoint takes', () => {
    for (const term of terms) {
      const parsed = companySearchTerm.safeParse(term)
      expect([term, companySearchTermOf(term)]).toEqual([term, parsed.success ? parsed.data : null])
    }
  })
})
