import { and, asc, desc, eq, sql } from 'drizzle-orm'
import {
  READ_ONLY_ADDRESS_FIELDS,
  addressCreateEndpoint,
  addressEditEndpoint,
  changeInactiveEndpoint,
  deliveryListEndpoint,
  setDeliveryEndpoint,
  type DeliveryAddress,
} from '../../../contract/delivery'
import type { Locale } from '../../../contract/envelope'
import { activityTarget } from '../../../domain/activity-target'
import { m } from '../../../paraglide/messages'
import { noteActivity } from '../../activity/record.server'
import type { Caller } from '../../auth/caller.server'
import { auditLog, companies, deliveryAddresses } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { ApiError, badRequest, conflict, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { labelPairs, loadReference } from '../companies/choices.server'
import { auditEntry } from '../companies/tree-lock.server'
import { pair } from '../../../domain/id-name-pair'

// The delivery addresses of a company (decision 031). Every write takes
// the company's address lock first, so two selects at once run one after the other and the
// second sees the first's result; the database refuses a second delivery address anyway
// (a partial unique index), a company with addresses but none (a deferred trigger), and an
// inactive delivery address (a check).
type Row = typeof deliveryAddresses.$inferSelect

function answerOf(row: Row): DeliveryAddress {
  return {
    id: row.id,
    name1: row.name1,
    name2: row.name2,
    address1: row.address1,
    address2: row.address2,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    active: row.active,
    is_delivery: row.isDelivery,
  }
}

/** A transaction-scoped lock on one company's addresses (class 20310, the company id). */
async function lockAddresses(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(20310, ${companyId}::int)`)
}

/**
 * The address of that company, or a 404 — an id of another company is not found here. The
 * trail's row of the call names it, also when the call changes nothing (decision 053).
 */
async function addressOf(tx: Db, companyId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.companyId, companyId)))
  if (!row) throw notFound((locale) => m.delivery_not_found({}, { locale }))
  noteActivity({ target: activityTarget('delivery_address', row.id) })
  return row
}

async function knownCountry(db: Db, code: string, nowMs: number, locale: Locale): Promise<string> {
  const reference = await loadReference(db, nowMs)
  if (!reference.countries.some((country) => country.code === code))
    throw new ApiError(400, [(locale) => m.company_create_unknown_country({ code }, { locale })], {
      fields: { country: [m.company_create_unknown_country({ code }, { locale })] },
    })
  return code
}

function audit(caller: Caller, action: string, id: number, details: Record<string, unknown>, nowMs: number) {
  return auditEntry(caller, action, id, details, nowMs, 'delivery_address')
}

// GET /vue/company/{id}/delivery-addresses/
export const deliveryList = implement(deliveryListEndpoint, async ({ db, company, locale, nowMs }) => {
  const [rows, reference, [named]] = await Promise.all([
    db
      .select()
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.companyId, company.id))
      .orderBy(desc(deliveryAddresses.isDelivery), desc(deliveryAddresses.active), asc(sql`lower(${deliveryAddresses.name1})`), asc(deliveryAddresses.id)),
    loadReference(db, nowMs),
    db.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, company.id)),
  ])
  return {
    addresses: rows.map(answerOf),
    country_choices: labelPairs(reference.countries, locale),
    company: pair(company.id, named?.name1 ?? ''),
  }
})

// POST /vue/company/{cid}/address/{id}/set-delivery/
export const setDelivery = implement(setDeliveryEndpoint, async ({ db, caller, company, input, nowMs }) =>
  db.transaction(async (tx) => {
    await lockAddresses(tx, company.id)
    const chosen = await addressOf(tx, company.id, input.params.id)
    if (!chosen.active) throw conflict((locale) => m.delivery_inactive_refused({}, { locale }))
    const [old] = await tx
      .select()
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.companyId, company.id), eq(deliveryAddresses.isDelivery, true)))
    if (old?.id === chosen.id) return { old: answerOf(old), new: answerOf(chosen) }
    if (old) await tx.update(deliveryAddresses).set({ isDelivery: false }).where(eq(deliveryAddresses.id, old.id))
    const [updated] = await tx.update(deliveryAddresses).set({ isDelivery: true }).where(eq(deliveryAddresses.id, chosen.id)).returning()
    await tx.insert(auditLog).values(audit(caller, 'set_delivery_address', chosen.id, { company: company.id, old: old?.id ?? null }, nowMs))
    return { old: old ? answerOf({ ...old, isDelivery: false }) : null, new: answerOf(updated ?? chosen) }
  }),
)

// POST /vue/company/{cid}/address/{id}/change-inactive/ {inactive}
export const changeInactive = implement(changeInactiveEndpoint, async ({ db, caller, company, input, nowMs }) =>
  db.transaction(async (tx) => {
    await lockAddresses(tx, company.id)
    const row = await addressOf(tx, company.id, input.params.id)
    const active = !input.body.inactive
    if (!active && row.isDelivery) throw conflict((locale) => m.delivery_deactivate_refused({}, { locale }))
    if (row.active === active) return { address: answerOf(row) }
    const [updated] = await tx.update(deliveryAddresses).set({ active }).where(eq(deliveryAddresses.id, row.id)).returning()
    await tx
      .insert(auditLog)
      .values(audit(caller, active ? 'activate_delivery_address' : 'deactivate_delivery_address', row.id, { company: company.id }, nowMs))
    return { address: answerOf(updated ?? row) }
  }),
)

// POST /vue/company/{cid}/address/new/
export const addressCreate = implement(addressCreateEndpoint, async ({ db, caller, company, input, locale, nowMs }) => {
  const fields = input.body
  const country = await knownCountry(db, fields.country, nowMs, locale)
  return db.transaction(async (tx) => {
    await lockAddresses(tx, company.id)
    // The first address of a company is its delivery address (there must be one).
    const [existing] = await tx.select({ id: deliveryAddresses.id }).from(deliveryAddresses).where(eq(deliveryAddresses.companyId, company.id)).limit(1)
    const [row] = await tx
      .insert(deliveryAddresses)
      .values({ ...fields, country, companyId: company.id, active: true, isDelivery: !existing })
      .returning()
    if (!row) throw new Error('address not inserted')
    await tx.insert(auditLog).values(audit(caller, 'create_delivery_address', row.id, { company: company.id, name1: row.name1, city: row.city }, nowMs))
    return { address: answerOf(row) }
  })
})

// POST /vue/company/{cid}/address/{id}/edit/
export const addressEdit = implement(addressEditEndpoint, async ({ db, caller, company, input, locale, nowMs }) =>
  db.transaction(async (tx) => {
    await lockAddresses(tx, company.id)
    const row = await addressOf(tx, company.id, input.params.id)
    if (!row.active) throw conflict((locale) => m.delivery_inactive_refused({}, { locale }))
    const body = input.body
    // The address itself is read-only: sent unchanged (or not at all) is fine, a change is refused.
    const changedAddress = READ_ONLY_ADDRESS_FIELDS.filter((field) => {
      const sent = body[field]
      return sent !== undefined && sent.toLowerCase() !== row[field].toLowerCase()
    })
    if (changedAddress.length > 0)
      throw badRequest((locale) => m.delivery_address_read_only({ fields: changedAddress.join(', ') }, { locale }), {
        fields: Object.fromEntries(changedAddress.map((field) => [field, [m.delivery_address_read_only({ fields: field }, { locale })]])),
      })
    // What the edit leaves out stays as it is.
    const next = { name1: body.name1, name2: body.name2 ?? row.name2, phone: body.phone, mobile: body.mobile ?? row.mobile, email: body.email ?? row.email }
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter((field) => next[field] !== row[field])
    if (changed.length === 0) return { address: answerOf(row), changed }
    const [updated] = await tx.update(deliveryAddresses).set(next).where(eq(deliveryAddresses.id, row.id)).returning()
    await tx.insert(auditLog).values(audit(caller, 'edit_delivery_address', row.id, { company: company.id, changed }, nowMs))
    // The trail's row: each changed field before → after (decision 053).
    noteActivity({ changes: Object.fromEntries(changed.map((field) => [field, [row[field], next[field]] as const])) })
    return { address: answerOf(updated ?? row), changed }
  }),
)
