import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { CompanyType } from '../../../domain/company-types'
import { companies, companyTree } from '../../db/schema/index'
import type { Db } from '../../db/types'

// A new company below a parent, its place in the tree written with it: create sub-company and
// registration step 2. The caller holds the tree lock (lockTreeForInsert) and checked the
// country and the customer number.
export type NewCompanyFields = {
  name1: string
  name2: string
  company_type: CompanyType
  vat_number: string
  customer_number: string | null
  address1: string
  address2: string
  zip: string
  city: string
  country: string
  email: string
  phone: string
  mobile: string
}

const nextId = z.object({ rows: z.array(z.object({ id: z.number().int() })).length(1) })

export async function insertCompanyBelow(
  tx: Db,
  parent: { id: number; path: string; depth: number },
  fields: NewCompanyFields,
  nowMs: number,
): Promise<number> {
  // The id first, so the path is known before the row is written (both drivers answer { rows }).
  const next = await tx.execute(sql`select nextval(pg_get_serial_sequence('companies', 'id'))::int as id`)
  const [{ id } = { id: 0 }] = nextId.parse(next).rows
  if (id < 1) throw new Error('no id from the companies sequence')
  await tx.insert(companies).values({
    id,
    parentId: parent.id,
    name1: fields.name1,
    name2: fields.name2,
    companyType: fields.company_type,
    vatNumber: fields.vat_number,
    customerNumber: fields.customer_number,
    address1: fields.address1,
    address2: fields.address2,
    zip: fields.zip,
    city: fields.city,
    country: fields.country,
    email: fields.email,
    phone: fields.phone,
    mobile: fields.mobile,
    createdAt: new Date(nowMs),
  })
  await tx.insert(companyTree).values({ companyId: id, path: `${parent.path}${id}/`, depth: parent.depth + 1 })
  return id
}
