import { describe, expect, it } from 'vitest'
import { blocksOfWindow } from '../../src/server/services/prices/log-blocks.server'

// Which blocks of an upload's log hold one page of its rows in file order (log-blocks.server.ts).
const blocks = [
  { block: 0, count: 3 },
  { block: 1, count: 0 },
  { block: 2, count: 5 },
  { block: 7, count: 2 },
]

describe('blocksOfWindow', () => {
  it('takes the first block alone for a page inside it', () => {
    expect(blocksOfWindow(blocks, 0, 2)).toEqual({ blocks: [0], skip: 0 })
    expect(blocksOfWindow(blocks, 1, 2)).toEqual({ blocks: [0], skip: 1 })
  })

  it('spans the blocks a page crosses, skipping empty ones and gaps in the numbering', () => {
    expect(blocksOfWindow(blocks, 2, 2)).toEqual({ blocks: [0, 2], skip: 2 })
    expect(blocksOfWindow(blocks, 3, 5)).toEqual({ blocks: [2], skip: 0 })
    expect(blocksOfWindow(blocks, 6, 4)).toEqual({ blocks: [2, 7], skip: 3 })
    expect(blocksOfWindow(blocks, 0, 100)).toEqual({ blocks: [0, 2, 7], skip: 0 })
  })

  it('answers no block past the last row, and none for a log without blocks', () => {
    expect(blocksOfWindow(blocks, 10, 5)).toEqual({ blocks: [], skip: 0 })
    expect(blocksOfWindow([], 0, 20)).toEqual({ blocks: [], skip: 0 })
  })
})
