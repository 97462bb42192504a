import { eq } from 'drizzle-orm'
import { passwordChangeLinkEndpoint } from '../../../contract/password'
import { m } from '../../../paraglide/messages'
import { isPathInScope } from '../../auth/guards.server'
import { countMailRequest } from '../../auth/mail-throttle.server'
import { issueOneTimeToken } from '../../auth/one-time-token.server'
import { auditLog, companyTree, users } from '../../db/schema/index'
import { notFound, throttled } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'

// POST /vue/password/change-link/ (decision 030): a staff user with
// CAN_CHANGE_PASSWORD gets a one-time token for the password-reset screen of a user in their
// scope. Unknown and out-of-scope addresses answer the same 404.
export const passwordChangeLink = implement(passwordChangeLinkEndpoint, async ({ db, caller, input, clientAddress, nowMs }) => {
  const email = input.body.email.toLowerCase()
  const waitMinutes = await countMailRequest(db, 'change-link', email, clientAddress, nowMs)
  if (waitMinutes !== null) throw throttled((l) => m.password_reset_throttled({ minutes: String(waitMinutes) }, { locale: l }), waitMinutes * 60)
  const missing = () => notFound((l) => m.password_change_link_unknown({ email }, { locale: l }))
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, companyId: companyTree.companyId, path: companyTree.path })
      .from(users)
      .innerJoin(companyTree, eq(companyTree.companyId, users.companyId))
      .where(eq(users.email, email))
      .limit(1)
    if (!user || !isPathInScope(caller, user.companyId, user.path)) throw missing()
    const token = await issueOneTimeToken(tx, user.id, 'password_reset', nowMs)
    await tx.insert(auditLog).values({
      actorUserId: caller.actorUserId ?? caller.userId,
      actingAsUserId: caller.actorUserId === null ? null : caller.userId,
      action: 'password_change_link',
      entity: 'user',
      entityId: String(user.id),
      details: {},
      createdAt: new Date(nowMs),
    })
    return { token }
  })
})
