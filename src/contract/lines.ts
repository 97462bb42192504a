import { z } from 'zod'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { companyId } from './companies'

// Companies area, lines: the materials per line (select-line) and choosing the line before
// the shop hand-off.
export const materialToLine = z
  .object({
    pk: z.number().int(),
    material: z.string(),
    prodname: z.string(),
    line__name: z.string(),
    thicknesses: z.string(),
    texture: z.string(),
  })
  .meta({ id: 'MaterialToLine' })
export type MaterialToLine = z.infer<typeof materialToLine>

export const materialListEndpoint = defineEndpoint({
  id: 'companies.material-list',
  area: 'companies',
  method: 'GET',
  path: '/vue/company/{cid}/material-list/',
  summary: 'The materials of the production lines of a company (select-line material table).',
  access: { kind: 'authenticated' },
  scope: { company: 'params.cid' },
  failures: [403, 404],
  params: z.object({ cid: companyId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ materials2line: z.array(materialToLine) }),
})

export const changeLineInput = z.object({
  line: z.coerce.number().int().positive().max(2_147_483_647),
  cid: companyId,
})

export const changeLineAndShopEndpoint = defineEndpoint({
  id: 'companies.change-line-and-shop',
  area: 'companies',
  method: 'POST',
  path: '/vue/change-line-and-shop/',
  summary: 'Make a line of the company the active one and answer where the shop opens.',
  access: { kind: 'authenticated' },
  scope: { company: 'body.cid' },
  failures: [403, 404],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: changeLineInput,
  data: z.object({ shop_url: z.string(), last_line: pair(z.number().int()) }),
})
