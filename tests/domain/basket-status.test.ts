import { describe, expect, it } from 'vitest'
import { approveTabOf } from '../../src/domain/basket-status'

describe('approve tabs', () => {
  it.each([
    [0, 'open'],
    [1, 'open'],
    [2, 'open'],
    [3, 'in_process'],
    [4, 'in_process'],
    [5, 'finished'],
    [6, 'finished'],
  ])('status %i is in %s', (status, tab) => {
    expect(approveTabOf(status)).toBe(tab)
  })
})
