import { CHOICE_KINDS } from '../db/schema/index'
import type { choiceOptions, countries, materials, productionLines, translationLanguages } from '../db/schema/index'
import { CHOICES, COUNTRIES, TRANSLATION_LANGUAGES } from './data/reference'
import { DECORS, LINES } from './data/lines'
import type { Random } from './random'

export type SeedLines = {
  ids: ReadonlyArray<number>
  idOf(code: string): number
}

export type ReferenceData = {
  countries: Array<typeof countries.$inferInsert>
  choiceOptions: Array<typeof choiceOptions.$inferInsert>
  productionLines: Array<typeof productionLines.$inferInsert & { id: number }>
  materials: Array<typeof materials.$inferInsert>
  translationLanguages: Array<typeof translationLanguages.$inferInsert>
  lines: SeedLines
}

/** Lookup tables: countries, company choices, production lines with their materials, languages. */
export function buildReferenceData(random: Random): ReferenceData {
  const lineRows = LINES.map((line, index) => ({ id: index + 1, code: line.code, name: line.name }))
  const materialRows: ReferenceData['materials'] = []
  LINES.forEach((line, index) => {
    const decors = random.shuffle(DECORS).slice(0, random.int(8, 15))
    for (const [code, decor, texture] of decors) {
      materialRows.push({
        lineId: index + 1,
        material: `${line.materialPrefix}-${code}-${random.digits(3)}`,
        prodname: `${line.product} ${decor}`,
        thicknesses: random.pick(line.thicknesses),
        texture: `${decor}, ${texture}`,
      })
    }
  })
  const choiceRows: ReferenceData['choiceOptions'] = []
  for (const kind of CHOICE_KINDS) {
    CHOICES[kind].forEach((choice, position) =>
      choiceRows.push({
        kind,
        code: choice.code,
        labelDe: choice.de,
        labelEn: choice.en,
        position,
        isDefault: choice.isDefault ?? false,
      }),
    )
  }
  return {
    countries: COUNTRIES.map(([code, nameDe, nameEn], position) => ({ code, nameDe, nameEn, position })),
    choiceOptions: choiceRows,
    productionLines: lineRows,
    materials: materialRows,
    translationLanguages: TRANSLATION_LANGUAGES.map((language, position) => ({ ...language, position })),
    lines: {
      ids: lineRows.map((line) => line.id),
      idOf(code) {
        const line = lineRows.find((candidate) => candidate.code === code)
        if (!line) throw new Error(`Unknown production line ${code}`)
        return line.id
      },
    },
  }
}
