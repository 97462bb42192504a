import { describe, expect, it } from 'vitest'
import { parsePlainSearch, stringifyPlainSearch } from '../../app/ui/search-params'
import { approveSearch } from '../../app/features/orders/approve-search'
import { workspaceSearch } from '../../app/features/translation/workspace-search'

describe('plain search params', () => {
  it('writes numbers, digit strings and odd characters as readable query values', () => {
    expect(stringifyPlainSearch({ tab: 'finished', number: '20', page: 2, order: undefined })).toBe('?tab=finished&number=20&page=2')
    expect(stringifyPlainSearch({ q: 'a&b=c "d" %' })).toBe('?q=a%26b%3Dc+%22d%22+%25')
    expect(stringifyPlainSearch({})).toBe('')
  })

  it('reads every value as a string, with or without the leading ?', () => {
    expect(parsePlainSearch('?number=20&page=2&q=true')).toEqual({ number: '20', page: '2', q: 'true' })
    expect(parsePlainSearch('q=%22x%22')).toEqual({ q: '"x"' })
  })

  it('round-trips through the route schemas: a digit filter stays a string, the page a number', () => {
    const search = approveSearch.parse(parsePlainSearch(stringifyPlainSearch({ tab: 'in_process', number: '0042', page: 3 })))
    expect(search).toMatchObject({ tab: 'in_process', number: '0042', page: 3 })
    expect(workspaceSearch.parse(parsePlainSearch('?q=123')).q).toBe('123')
  })
})
