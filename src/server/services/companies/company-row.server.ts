import { z } from 'zod'
import { hotRead } from '../../db/hot-read.server'
import type { companies } from '../../db/schema/index'
import type { Db } from '../../db/types'

// One statement for everything company info needs besides reference data: the row, the
// parent's name, whether it has children, its lines and the names along its path
// (breadcrumbs). A prepared statement with one round trip (src/server/db/hot-read.server.ts):
// it runs on every company info that the read cache does not answer.
const COMPANY_ROW_READ = {
  name: 'portal_company_row_v1',
  text: `select json_build_object(
      'company', json_build_object(
        'id', c.id, 'parentId', c.parent_id, 'name1', c.name1, 'name2', c.name2, 'companyType', c.company_type,
        'vatNumber', c.vat_number, 'customerNumber', c.customer_number, 'autoApprove', c.auto_approve,
        'address1', c.address1, 'address2', c.address2, 'zip', c.zip, 'city', c.city, 'country', c.country,
        'region', c.region, 'discountGroup', c.discount_group, 'assortment', c.assortment, 'language', c.language,
        'email', c.email, 'phone', c.phone, 'mobile', c.mobile,
        'logoBase64', translate(encode(c.logo, 'base64'), E'\\n', ''), 'logoMime', c.logo_mime, 'lastLineId', c.last_line_id),
      'parentName', (select p.name1 from companies p where p.id = c.parent_id),
      'hasChildren', exists (select 1 from companies k where k.parent_id = c.id),
      'lines', coalesce((select json_agg(json_build_array(l.id, l.name) order by l.name)
        from company_lines cl join production_lines l on l.id = cl.line_id where cl.company_id = c.id), '[]'::json),
      'crumbs', coalesce((select json_agg(json_build_array(b.id, b.name1))
        from companies b where b.id = any($2::int[])), '[]'::json))
    from companies c
    where c.id = $1`,
}

// The statement builds the company object from the table's columns, so it is typed from the
// table (as Drizzle would); the lists it aggregates are checked as before.
type CompanyColumns = typeof companies.$inferSelect
type CompanyFields = Pick<
  CompanyColumns,
  | 'id'
  | 'parentId'
  | 'name1'
  | 'name2'
  | 'companyType'
  | 'vatNumber'
  | 'customerNumber'
  | 'autoApprove'
  | 'address1'
  | 'address2'
  | 'zip'
  | 'city'
  | 'country'
  | 'region'
  | 'discountGroup'
  | 'assortment'
  | 'language'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'logoMime'
  | 'lastLineId'
> & { logoBase64: string | null }

const idPairs = z.array(z.tuple([z.number().int(), z.string()]))
const companyRow = z.object({
  company: z.custom<CompanyFields>((value) => typeof value === 'object' && value !== null),
  parentName: z.string().nullable(),
  hasChildren: z.boolean(),
  lines: idPairs,
  crumbs: idPairs,
})

export type CompanyRow = z.infer<typeof companyRow>

export async function readCompanyRow(db: Db, companyId: number, crumbIds: ReadonlyArray<number>): Promise<CompanyRow | null> {
  const row = await hotRead(db, COMPANY_ROW_READ, [companyId, `{${crumbIds.join(',')}}`])
  return row === undefined ? null : companyRow.parse(row)
}
