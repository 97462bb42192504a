import { describe, expect, it } from 'vitest'
import type { CompanyNode, CompanySearchHit } from '../../src/contract/company-tree'
import { buildTree, companyValue, searchExpanded, type Level, type TreeItem } from '../../app/features/companies/tree-model'

// The companies tree's collection: loaded levels, placeholders for pages to come, and the
// pruned tree a search opens down to its hits.
const node = (id: number, name1: string, hasChildren = false): CompanyNode => ({
  id,
  name1,
  name2: '',
  customer_number: '',
  city: 'Stuttgart',
  zip: '70173',
  country: ['DE', 'Germany'],
  company_type: 'C',
  has_children: hasChildren,
  expanded: false,
  children: [],
})
const texts = { loading: 'Loading …', more: '', failed: 'failed' }
const root = node(2, 'Dealer', true)

function visible(levels: Record<number, Level>, expanded: number[], hits?: CompanySearchHit[]) {
  const collection = buildTree({ root, expanded: new Set(expanded.map(companyValue)), levelOf: (id) => levels[id], hits, texts })
  const rows: string[] = []
  const open = new Set(hits ? searchExpanded(2, hits) : expanded.map(companyValue))
  collection.visit({
    skip: ({ indexPath }) =>
      collection
        .getValuePath(indexPath)
        .slice(0, -1)
        .some((value) => !open.has(value)),
    onEnter: (item, indexPath) => {
      const row = item as TreeItem
      const branch = collection.isBranchNode(item) ? '+' : ''
      rows.push(`${'  '.repeat(indexPath.length - 1)}${row.value}${branch}${'setSize' in row ? ` ${row.posInSet}/${row.setSize}` : ''}`)
    },
  })
  return rows
}

describe('the companies tree collection', () => {
  const level = (nodes: CompanyNode[], total = nodes.length, pending = false): Level => ({ nodes, total, pending, failed: false })

  it('shows closed branches for companies with children, without loading them', () => {
    expect(visible({ 2: level([node(3, 'A', true), node(4, 'B')]) }, [2])).toEqual(['c:2+ 1/1', '  c:3+ 1/2', '  c:4 2/2'])
  })

  it('shows a loading row under an open company whose first page is on its way', () => {
    expect(visible({ 2: level([node(3, 'A', true)]) }, [2, 3])).toEqual(['c:2+ 1/1', '  c:3+ 1/1', '    loading:3'])
  })

  it('ends a paged level with a row that asks for the next page, and sizes the set by the total', () => {
    expect(visible({ 2: level([node(3, 'A'), node(4, 'B')], 10_000) }, [2])).toEqual(['c:2+ 1/1', '  c:3 1/10000', '  c:4 2/10000', '  more:2'])
    expect(visible({ 2: level([node(3, 'A')], 10_000, true) }, [2])).toEqual(['c:2+ 1/1', '  c:3 1/10000', '  loading:2'])
  })

  it('prunes the tree to the paths down to the hits, a hit on the way to another one keeping its data', () => {
    const hit = (company: CompanyNode, ancestors: Array<[number, string]>): CompanySearchHit => ({ ...company, ancestors })
    const hits = [
      hit(node(7, 'Zimmerei', true), [[2, 'Dealer']]),
      hit(node(9, 'Carpenter Z'), [
        [2, 'Dealer'],
        [7, 'Zimmerei'],
      ]),
      hit(node(5, 'Bau'), [
        [2, 'Dealer'],
        [4, 'Industry'],
      ]),
    ]
    expect(visible({}, [], hits)).toEqual(['c:2+ 1/1', '  c:4+ 1/2', '    c:5 1/1', '  c:7+ 2/2', '    c:9 1/1'])
    const collection = buildTree({ root, expanded: new Set(searchExpanded(2, hits)), levelOf: () => undefined, hits, texts })
    const zimmerei = collection.findNode(companyValue(7)) as TreeItem
    expect(zimmerei).toMatchObject({ kind: 'company', hit: true, company: { has_children: true } })
    expect(collection.findNode(companyValue(4))).toMatchObject({ kind: 'company', hit: false, company: null })
  })
})
