import { asc, eq } from 'drizzle-orm'
import type { SessionUser } from '../../../contract/session'
import { isPermission } from '../../../domain/permissions'
import { companies, companyLines, productionLines, userGroups, users } from '../../db/schema/index'
import type { Db } from '../../db/types'

// The session user of the login and switch-user answers.
export async function loadSessionUser(db: Db, userId: number, shopUrl: (companyId: number) => string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      companyId: companies.id,
      companyName: companies.name1,
      userLastLine: users.lastLineId,
      companyLastLine: companies.lastLineId,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) return null
  const [lines, groups] = await Promise.all([
    db
      .select({ id: productionLines.id, name: productionLines.name })
      .from(companyLines)
      .innerJoin(productionLines, eq(productionLines.id, companyLines.lineId))
      .where(eq(companyLines.companyId, row.companyId))
      .orderBy(asc(productionLines.name)),
    db.select({ permission: userGroups.permission }).from(userGroups).where(eq(userGroups.userId, userId)),
  ])
  const linePairs = lines.map((line): [number, string] => [line.id, line.name])
  const lastLineId = row.userLastLine ?? row.companyLastLine
  const lastLine = linePairs.find(([id]) => id === lastLineId) ?? null
  return {
    username: row.email,
    id: row.id,
    company: [row.companyId, row.companyName],
    lines: linePairs,
    last_line: lastLine,
    groups: groups.map((group) => group.permission).filter(isPermission),
    shop_url: shopUrl(row.companyId),
  }
}
