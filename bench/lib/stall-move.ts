// A generated subtree for bench/stall.ts: `subtree` companies below a company of the root's,
// `total` in all, written straight into the running server's database with COPY; then the
// subtree moved through the API (POST /vue/company/{id}/set-parent/) to another parent and back.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { z } from 'zod'

export type MoveTree = { moved: number; home: number; away: number }

type Node = { id: number; parent: number; path: string; depth: number }

export async function loadMoveTree(connection: pg.ClientConfig, size: { total: number; subtree: number }): Promise<MoveTree> {
  const client = new pg.Client(connection)
  await client.connect()
  try {
    const root = z
      .object({ id: z.number(), path: z.string(), depth: z.number() })
      .parse(
        (
          await client.query(
            'select c.id, t.path, t.depth from companies c join company_tree t on t.company_id = c.id where c.parent_id is null order by c.id limit 1',
          )
        ).rows[0],
      )
    const next = z.object({ max: z.number() }).parse((await client.query('select max(id)::int as max from companies')).rows[0]).max + 1
    const nodes: Node[] = []
    const add = (parent: Pick<Node, 'id' | 'path' | 'depth'>): Node => {
      const id = next + nodes.length
      const node = { id, parent: parent.id, path: `${parent.path}${id}/`, depth: parent.depth + 1 }
      nodes.push(node)
      return node
    }
    const home = add(root)
    const away = add(root)
    const moved = add(home)
    // Breadth first below the moved company: 100 children, then 10 each, then the rest.
    let level = [moved]
    let left = size.subtree - 1
    for (const fanOut of [100, 10, Number.POSITIVE_INFINITY]) {
      const below: Node[] = []
      for (const parent of level) for (let i = 0; i < fanOut && left > 0; i++, left--) below.push(add(parent))
      if (fanOut === Number.POSITIVE_INFINITY) break
      level = below
    }
    let others = [away]
    while (nodes.length < size.total) {
      const below: Node[] = []
      for (const parent of others) for (let i = 0; i < 7 && nodes.length < size.total; i++) below.push(add(parent))
      others = below
    }
    const companies = nodes.map((n) => [
      n.id,
      n.parent,
      `Stall-Firma ${n.id}`,
      `Benchweg ${n.id % 200}`,
      String(10_000 + (n.id % 89_999)),
      'Ulm',
      'DE',
      `ST-${n.id}`,
    ])
    await copyLines(client, 'companies (id, parent_id, name1, address1, zip, city, country, customer_number)', companies)
    await copyLines(
      client,
      'company_tree (company_id, path, depth)',
      nodes.map((n) => [n.id, n.path, n.depth]),
    )
    await client.query(`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`)
    await client.query('analyze companies, company_tree')
    return { moved: moved.id, home: home.id, away: away.id }
  } finally {
    await client.end()
  }
}

/** Moves the subtree away and back, as staff would on the change-parent screen. */
export async function moveBackAndForth(origin: string, token: string, tree: MoveTree): Promise<void> {
  for (const parent of [tree.away, tree.home]) {
    const response = await fetch(`${origin}/vue/company/${tree.moved}/set-parent/`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ parent }),
    })
    if (!response.ok) throw new Error(`set-parent answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
  }
}

async function copyLines(client: pg.Client, target: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<void> {
  const text = rows.map((row) => row.join('\t')).join('\n')
  await pipeline(Readable.from([`${text}\n`]), client.query(copyFrom(`copy ${target} from stdin`)))
}
