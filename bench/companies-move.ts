// Moving a subtree of 20,000 companies in a tree of 100,000 (decision 029): the
// service function POST /vue/company/{id}/set-parent/ calls (moveCompany: tree lock, fresh
// paths, scope and cycle checks, counts, one UPDATE of the subtree's company_tree rows, audit
// entry), in-process on the embedded PostgreSQL server `npm start` runs (decision 032) and,
// with TEST_DATABASE_URL, on a fresh database of that PostgreSQL. Baseline in the same run and
// database: a primary-key lookup of one company. Target: a move ≤ 500 ms. Figures only, no
// assertions.
// `npm run bench:companies-move`; BENCH_COMPANIES / BENCH_SUBTREE / BENCH_MOVES change the sizes.
// Small mode (BENCH_SMALL=1): a subtree of 400 in 2,000 companies, moved twice.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { count, eq, like, sql } from 'drizzle-orm'
import { PERMISSIONS } from '../src/domain/permissions'
import type { Caller } from '../src/server/auth/caller.server'
import { openDatabase, type Database } from '../src/server/db/client.server'
import { openEmbeddedDatabase } from '../src/server/db/embedded/open.server'
import { prepareDatabase } from '../src/server/db/prepare.server'
import { companies, companyTree, countries, users } from '../src/server/db/schema/index'
import type { Db } from '../src/server/db/types'
import { insertRows } from '../src/server/seed/bulk-insert'
import { moveCompany } from '../src/server/services/companies/move-company.server'
import { admin } from '../tests/helpers/fresh-database'
import { SMALL, sized } from './lib/mode'
import { benchFolder } from './lib/server'
import { writeResult, type Figure } from './lib/result'

const TOTAL = sized('BENCH_COMPANIES', { full: 100_000, small: 2_000 })
const SUBTREE = sized('BENCH_SUBTREE', { full: 20_000, small: 400 })
const MOVES = sized('BENCH_MOVES', { full: 6, small: 2 })
const MAX_DEPTH = 6
const LOOKUPS = SMALL ? 50 : 500
const TARGET_MS = 500

type Node = { id: number; parentId: number | null; path: string; depth: number }
type Tree = { nodes: Node[]; moved: number; home: number; target: number }

/**
 * Root, ten dealers, below the first dealer the subtree to move (exactly SUBTREE companies,
 * depths 2–6: 100 children, 10 each, then 18 each, the rest one level deeper), below the other
 * dealers breadth first, seven children per node, down to depth 6 until TOTAL.
 */
function buildTree(): Tree {
  const nodes: Node[] = []
  const add = (parent: Node | null): Node => {
    const id = nodes.length + 1
    const node = { id, parentId: parent?.id ?? null, path: `${parent?.path ?? '/'}${id}/`, depth: parent ? parent.depth + 1 : 0 }
    nodes.push(node)
    return node
  }
  const root = add(null)
  const dealers = Array.from({ length: 10 }, () => add(root))
  const moved = add(dealers[0]!)
  let left = SUBTREE - 1
  let level = [moved]
  for (const fanOut of [100, 10, 18, Number.POSITIVE_INFINITY]) {
    const next: Node[] = []
    for (const parent of level) for (let i = 0; i < fanOut && left > 0 && parent.depth < MAX_DEPTH; i++, left--) next.push(add(parent))
    level = next
  }
  let queue = dealers.slice(1)
  while (nodes.length < TOTAL && queue.length > 0) {
    const next: Node[] = []
    for (const parent of queue) for (let i = 0; i < 7 && nodes.length < TOTAL && parent.depth < MAX_DEPTH; i++) next.push(add(parent))
    queue = next
  }
  // The target: a company at depth 2 below another dealer, so each move changes every depth.
  const target = nodes.find((node) => node.depth === 2 && node.path.startsWith(dealers[1]!.path))!
  return { nodes, moved: moved.id, home: dealers[0]!.id, target: target.id }
}

async function load(db: Db, tree: Tree): Promise<number> {
  await db.insert(countries).values({ code: 'DE', nameDe: 'Deutschland', nameEn: 'Germany', position: 0 }).onConflictDoNothing()
  await insertRows(
    db,
    companies,
    tree.nodes.map((node) => ({
      id: node.id,
      parentId: node.parentId,
      name1: `Bench company ${node.id}`,
      address1: `Benchstraße ${node.id % 200}`,
      zip: String(10_000 + (node.id % 89_999)),
      city: ['Stuttgart', 'Reutlingen', 'Heilbronn', 'Pforzheim', 'Ulm'][node.id % 5]!,
      country: 'DE',
      customerNumber: String(300_000 + node.id),
    })),
  )
  await insertRows(
    db,
    companyTree,
    tree.nodes.map((node) => ({ companyId: node.id, path: node.path, depth: node.depth })),
  )
  await db.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), ${tree.nodes.length})`)
  // One user for every 20 companies (what moves along); the first is the staff user who moves.
  const people = tree.nodes.filter((node) => node.id === 1 || node.id % 20 === 0)
  await insertRows(
    db,
    users,
    people.map((node) => ({ email: `bench-${node.id}@bench.example`, passwordHash: 'x', firstName: 'Bench', companyId: node.id })),
  )
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, 1))
  await db.execute(sql`analyze`)
  return staff!.id
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function run(label: string, database: Database): Promise<Figure> {
  const { db } = database
  await prepareDatabase(database, { migrationsFolder: 'src/server/db/migrations', seed: false })
  const tree = buildTree()
  const loadStarted = performance.now()
  const staffId = await load(db, tree)
  console.log(`${label}: ${tree.nodes.length.toLocaleString('en')} companies loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`)
  const caller: Caller = {
    userId: staffId,
    email: 'bench-1@bench.example',
    companyId: 1,
    companyPath: '/1/',
    companyIsRoot: true,
    groups: PERMISSIONS,
    actorUserId: null,
    sessionId: null,
    issuedAtMs: Date.now(),
    token: '',
  }
  // Warm-up: the statements once each.
  for (let i = 0; i < 20; i++)
    await db
      .select()
      .from(companies)
      .where(eq(companies.id, 1 + ((i * 7919) % tree.nodes.length)))
  const lookups: number[] = []
  for (let i = 0; i < LOOKUPS; i++) {
    const id = 1 + ((i * 104_729) % tree.nodes.length)
    const started = performance.now()
    await db.select().from(companies).where(eq(companies.id, id))
    lookups.push(performance.now() - started)
  }
  const baseline = median(lookups)
  const moves: number[] = []
  for (let i = 0; i < MOVES; i++) {
    const parent = i % 2 === 0 ? tree.target : tree.home
    const started = performance.now()
    const result = await moveCompany(db, caller, tree.moved, parent, Date.now())
    moves.push(performance.now() - started)
    if (!result.changed || result.moved.sub_companies !== SUBTREE - 1) throw new Error(`move ${i} did not move the subtree: ${JSON.stringify(result)}`)
  }
  const [row] = await db.select({ path: companyTree.path }).from(companyTree).where(eq(companyTree.companyId, tree.moved))
  const [below] = await db
    .select({ n: count() })
    .from(companyTree)
    .where(like(companyTree.path, `${row!.path}%`))
  if (below?.n !== SUBTREE) throw new Error(`the subtree has ${below?.n} companies after the moves, not ${SUBTREE}`)
  const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`
  console.log(`${label}: baseline primary-key lookup of one company, median of ${LOOKUPS}: ${ms(baseline)}`)
  console.log(`${label}: move a subtree of ${SUBTREE.toLocaleString('en')} companies (${MOVES} moves, back and forth):`)
  console.log(`  each ${moves.map(ms).join(', ')}`)
  const verdict = median(moves) <= TARGET_MS ? 'PASS' : 'MISS'
  console.log(
    `  median ${ms(median(moves))} (${Math.round(median(moves) / baseline).toLocaleString('en')} × baseline), max ${ms(Math.max(...moves))}; target ≤ ${TARGET_MS} ms: ${verdict}`,
  )
  return {
    figure: `${label}: moving ${SUBTREE.toLocaleString('en')} of ${TOTAL.toLocaleString('en')} companies, median of ${MOVES}`,
    value: median(moves),
    unit: 'ms',
    baseline: { figure: 'primary-key lookup, median', value: baseline },
    target: { of: 'value', bound: 'max', limit: TARGET_MS },
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = []
  const folder = benchFolder('bench-companies-move-')
  try {
    // The portal's own default: the embedded PostgreSQL server (decision 032).
    const embedded = await openEmbeddedDatabase({ dataDir: folder, sharedBuffers: '128MB', migrationsFolder: 'src/server/db/migrations' })
    try {
      figures.push(await run('embedded PostgreSQL', embedded))
    } finally {
      await embedded.close()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. postgres://root@127.0.0.1:5432/test)')
    writeResult(figures)
    return
  }
  const name = `portal_bench_${randomBytes(6).toString('hex')}`
  await admin(url, `create database ${name}`)
  try {
    const target = new URL(url)
    target.pathname = `/${name}`
    const database = await openDatabase({ url: target.toString() })
    try {
      figures.push(await run('PostgreSQL', database))
    } finally {
      await database.close()
    }
  } finally {
    await admin(url, `drop database if exists ${name} with (force)`)
  }
  writeResult(figures)
}

await main()
