import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/types'
import { recordActivity } from './record.server'

// The trail's hash chain (decision 053): each row's hash covers its fields and the previous row's
// hash (the database computes it: activity_row_hash). Walking the rows in id order finds a row
// changed (its hash no longer matches its fields) or removed (the next row's previous hash is
// not the hash before it). The first row left after pruning is the chain's anchor.

export type ChainCheck =
  | { intact: true; rows: number; firstId: number | null; lastId: number | null }
  | { intact: false; rows: number; brokenAt: number; why: 'changed' | 'missing before' }

const PAGE = 5000
const page = z.object({
  rows: z.array(z.object({ id: z.coerce.number(), hash: z.string(), prev_hash: z.string(), expected: z.string() })),
})

export async function verifyChain(db: Db): Promise<ChainCheck> {
  let rows = 0
  let firstId: number | null = null
  let lastId = 0
  let previous: string | null = null
  for (;;) {
    const { rows: found } = page.parse(
      await db.execute(sql`select id, hash, prev_hash, activity_row_hash(a) as expected from activity a where id > ${lastId} order by id limit ${PAGE}`),
    )
    for (const row of found) {
      if (row.expected !== row.hash) return { intact: false, rows, brokenAt: row.id, why: 'changed' }
      if (previous !== null && row.prev_hash !== previous) return { intact: false, rows, brokenAt: row.id, why: 'missing before' }
      firstId ??= row.id
      previous = row.hash
      lastId = row.id
      rows += 1
    }
    if (found.length < PAGE) return { intact: true, rows, firstId, lastId: rows > 0 ? lastId : null }
  }
}

/**
 * Deletes the rows older than `before` — the only removal the trail allows (the trigger lets a
 * DELETE through only below the bound this transaction sets) — and records that it did.
 */
export async function pruneActivity(db: Db, before: Date, by: string): Promise<number> {
  const deleted = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.activity_prune_before', ${before.toISOString()}, true)`)
    const result = z
      .object({ rows: z.array(z.object({ n: z.coerce.number() })) })
      .parse(
        await tx.execute(sql`with gone as (delete from activity where at < ${before.toISOString()}::timestamptz returning 1) select count(*) as n from gone`),
      )
    return result.rows[0]?.n ?? 0
  })
  await recordActivity(db, {
    actorUserId: null,
    actingAsUserId: null,
    companyId: null,
    action: 'activity.prune',
    outcome: 'done',
    target: null,
    changes: null,
    details: { deleted, before: before.toISOString(), by },
    address: null,
  })
  return deleted
}
