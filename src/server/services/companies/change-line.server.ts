import { and, eq } from 'drizzle-orm'
import { changeLineAndShopEndpoint } from '../../../contract/lines'
import { m } from '../../../paraglide/messages'
import { forgetCompanies } from '../../cache/company-cache.server'
import { auditLog, companies, companyLines, productionLines, users } from '../../db/schema/index'
import { badRequest } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { shopUrlFor } from '../session/shop-url.server'

// POST /vue/change-line-and-shop/: the chosen line becomes the company's (and the user's) last
// line; the answer says where the shop opens.
export const changeLineAndShop = implement(changeLineAndShopEndpoint, async ({ db, caller: known, input, host, origin, nowMs }) => {
  const { cid, line } = input.body
  const [found] = await db
    .select({ id: productionLines.id, name: productionLines.name })
    .from(companyLines)
    .innerJoin(productionLines, eq(productionLines.id, companyLines.lineId))
    .where(and(eq(companyLines.companyId, cid), eq(companyLines.lineId, line)))
    .limit(1)
  if (!found) throw badRequest((locale) => m.line_not_of_company({}, { locale }))
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ lastLineId: found.id }).where(eq(companies.id, cid))
    await tx.update(users).set({ lastLineId: found.id }).where(eq(users.id, known.userId))
    await tx.insert(auditLog).values({
      actorUserId: known.actorUserId ?? known.userId,
      actingAsUserId: known.actorUserId === null ? null : known.userId,
      action: 'change_line',
      entity: 'company',
      entityId: String(cid),
      details: { line: found.id },
      createdAt: new Date(nowMs),
    })
  })
  await forgetCompanies(db)
  const lastLine: [number, string] = [found.id, found.name]
  return { shop_url: shopUrlFor(host, origin, cid), last_line: lastLine }
})
