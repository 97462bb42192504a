import { asc, eq } from 'drizzle-orm'
import { materialListEndpoint } from '../../../contract/lines'
import { companyLines, materials, productionLines } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'

// GET /vue/company/{cid}/material-list/: the materials of the company's lines.
export const materialList = implement(materialListEndpoint, async ({ db, company }) => {
  const rows = await db
    .select({
      pk: materials.id,
      material: materials.material,
      prodname: materials.prodname,
      line__name: productionLines.name,
      thicknesses: materials.thicknesses,
      texture: materials.texture,
    })
    .from(materials)
    .innerJoin(productionLines, eq(productionLines.id, materials.lineId))
    .innerJoin(companyLines, eq(companyLines.lineId, materials.lineId))
    .where(eq(companyLines.companyId, company.id))
    .orderBy(asc(productionLines.name), asc(materials.material))
  return { materials2line: rows }
})
