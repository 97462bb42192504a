import { sql } from 'drizzle-orm'
import { copyRows, copyTargetOf } from '../../src/server/db/copy.server'
import type { Db } from '../../src/server/db/types'

// A generated company tree for bench/companies-tree.ts: `total` companies below the demo
// dealer, depth up to 6 (the supplier is depth 0), one node with `wide` children. Rows (the
// companies, then their company_tree rows) go in by COPY on the embedded database and in
// multi-row INSERTs of 1,000 on PostgreSQL.
const TYPES = [
  'Schreinerei',
  'Tischlerei',
  'Holzbau',
  'Möbelwerkstatt',
  'Innenausbau',
  'Küchenstudio',
  'Fensterbau',
  'Treppenbau',
  'Bauelemente',
  'Objekteinrichtung',
]
const SURNAMES = [
  'Maurer',
  'Becker',
  'Schäfer',
  'Hoffmann',
  'Krüger',
  'Wagner',
  'Vogel',
  'Zimmermann',
  'Brandt',
  'Lorenz',
  'Haas',
  'Kuhn',
  'Franke',
  'Seidel',
  'Pohl',
  'Engel',
  'Horn',
  'Busch',
  'Graf',
  'Sommer',
  'Winter',
  'Lindner',
  'Ernst',
  'Jäger',
  'Roth',
  'Beck',
  'Otto',
  'Kraus',
  'Böhm',
  'Fuchs',
]
const PREFIXES = ['', '', 'Ober', 'Unter', 'Neu', 'Alt', 'Bad ', 'Groß', 'Klein', 'Hohen', 'Nieder', 'Wester']
const STEMS = [
  'Linden',
  'Eichen',
  'Buchen',
  'Erlen',
  'Wald',
  'Stein',
  'Mühl',
  'Rosen',
  'Berg',
  'Tann',
  'Hassel',
  'Kirch',
  'Brunn',
  'Fried',
  'Wolfs',
  'Kron',
  'Hart',
  'Rot',
  'Weiß',
  'Schön',
]
const SUFFIXES = ['hausen', 'dorf', 'bach', 'berg', 'feld', 'heim', 'ingen', 'stadt', 'au', 'burg', 'hofen', 'weiler']

export type TreeShape = { dealerId: number; wideNodeId: number; firstId: number; lastId: number }

/** Deterministic pseudo-random numbers, so every run builds the same tree. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return state / 2 ** 32
  }
}

export async function generateTree(db: Db, { dealerId, total, wide }: { dealerId: number; total: number; wide: number }): Promise<TreeShape> {
  const next = random(20261123)
  const pick = <T>(items: ReadonlyArray<T>) => items[Math.floor(next() * items.length)]!
  const dealer = (await db.execute(
    sql`select path, depth, (select max(id) from companies) as max_id from company_tree where company_id = ${dealerId}`,
  )) as unknown as {
    rows: Array<{ path: string; depth: number; max_id: number }>
  }
  const { path: dealerPath, depth: dealerDepth, max_id: maxId } = dealer.rows[0]!
  const firstId = Number(maxId) + 1
  type Node = { id: number; path: string; depth: number }
  const rows: Row[] = []
  const treeRows: Row[] = []
  const open: Node[] = []
  const add = (parent: Node, name?: string): Node => {
    const id = firstId + rows.length
    const node = { id, path: `${parent.path}${id}/`, depth: parent.depth + 1 }
    const city = `${pick(PREFIXES)}${pick(STEMS)}${pick(SUFFIXES)}`
    const name1 = name ?? `${pick(TYPES)} ${pick(SURNAMES)} ${city}`
    const type = node.depth >= 5 ? 'E' : pick(['C', 'C', 'C', 'I', 'E', 'D'])
    treeRows.push([id, node.path, node.depth])
    rows.push([
      id,
      parent.id,
      name1,
      type,
      String(500_000 + id),
      `${pick(SURNAMES)}weg ${1 + Math.floor(next() * 90)}`,
      String(10_000 + Math.floor(next() * 89_999)),
      city,
      'DE',
    ])
    if (node.depth < 6) open.push(node)
    return node
  }
  const root: Node = { id: dealerId, path: dealerPath, depth: dealerDepth }
  // Named to come first among the dealer's children, so its row is on the tree's first screen.
  const wideNode = add(root, 'Allgäuer Holzgroßhandel (10.000 Kunden)')
  for (let i = 0; i < wide; i++) add(wideNode)
  // The rest hangs below random open nodes (never below the wide one again), up to depth 6.
  const others = open.filter((node) => node.id !== wideNode.id)
  others.push(root)
  while (rows.length < total) {
    const parent = others[Math.floor(next() ** 2 * others.length)]!
    const child = add(parent)
    if (child.depth < 6) others.push(child)
  }
  await writeRows(db, 'companies', ['id', 'parent_id', 'name1', 'company_type', 'customer_number', 'address1', 'zip', 'city', 'country'], rows)
  await writeRows(db, 'company_tree', ['company_id', 'path', 'depth'], treeRows)
  await db.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`)
  // A bulk load leaves up to 4 MB in each trigram index's pending list, which every search
  // then reads through; PostgreSQL's autovacuum would merge it soon, PGlite has none. Merged
  // here, as in a database that has been running for a while (company_tree for its figures).
  await db.execute(sql`vacuum analyze companies, company_tree`)
  return { dealerId, wideNodeId: wideNode.id, firstId, lastId: firstId + rows.length - 1 }
}

type Row = Array<string | number | null>

async function writeRows(db: Db, table: string, columns: string[], rows: ReadonlyArray<Row>): Promise<void> {
  const target = copyTargetOf(db)
  if (target) {
    for (let start = 0; start < rows.length; start += 20_000) await copyRows(target, table, columns, rows.slice(start, start + 20_000))
    return
  }
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000)
    const values = sql.join(
      batch.map(
        (row) =>
          sql`(${sql.join(
            row.map((value) => sql`${value}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    )
    await db.execute(sql`insert into ${sql.identifier(table)} (${sql.raw(columns.join(', '))}) values ${values}`)
  }
}
