import { describe, expect, it } from 'vitest'
import { ORDER_SORTS, sortKeys } from '../../src/domain/sorts'
import { orderSort } from '../../src/contract/orders'
import { sortParser, sortWith } from '../../app/ui/data-table'

// order-approve re-sorts with a sort check that needs no zod (decision 035): it takes what
// the contract's sort enum takes and refuses what it refuses; a refused value changes nothing.
describe('sortParser', () => {
  const parser = sortParser(ORDER_SORTS)

  it('takes every key ascending and descending, as the contract does', () => {
    for (const key of sortKeys(ORDER_SORTS)) {
      expect(parser.safeParse(key)).toEqual({ success: true, data: key })
      expect(orderSort.safeParse(key).success).toBe(true)
    }
  })

  it('refuses anything else, as the contract does', () => {
    for (const value of ['', 'created ', '--created', '-', 'CREATED', 'unknown', '-unknown', 'constructor', '__proto__', 7, null, undefined, ['created']]) {
      expect(parser.safeParse(value)).toEqual({ success: false })
      expect(orderSort.safeParse(value).success).toBe(false)
    }
  })

  it('applies a taken value and leaves a refused one alone', () => {
    const applied: string[] = []
    const onSort = sortWith(parser, (sort) => applied.push(sort))
    onSort('-created')
    onSort('-unknown')
    onSort('basket_number')
    expect(applied).toEqual(['-created', 'basket_number'])
  })
})
