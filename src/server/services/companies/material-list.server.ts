import { asc, eq } from 'drizzle-orm'
import { materialListEndpoint } from '../../../contract/lines'
import { companyLines, materials, productionLines } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'

// GET /vue/company/{cid}/material-list/: the materials of the company's lines.
export const materialList = implement(materialListEndpoint, async ({ db, company }) => ({ materials2line: await readMaterials(db, company.id) }))

/** The materials of a company's lines, by line and material (also the material overview's data). */
export function readMaterials(db: Db, companyId: number) {
  return db
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
    .where(eq(companyLines.companyId, companyId))
    .orderBy(asc(productionLines.name), asc(materials.material))
}
