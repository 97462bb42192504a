// Article types of the price list and the item types of price log rows (sizes in mm).
export const ARTICLE_TYPES = ['FRONT', 'KORPUS', 'SCHUBKASTEN', 'GRIFF', 'SCHARNIER', 'TUER', 'ZARGE', 'BLENDE'] as const

export type RowType = {
  name: string
  prefix: string
  width: readonly [number, number]
  height: readonly [number, number]
  depth: readonly [number, number]
  cents: readonly [number, number]
}

export const ROW_TYPES: ReadonlyArray<RowType> = [
  { name: 'Front', prefix: 'FR', width: [296, 1196], height: [140, 2280], depth: [16, 25], cents: [2_500, 38_000] },
  { name: 'Korpus', prefix: 'KO', width: [300, 1200], height: [300, 2400], depth: [300, 600], cents: [6_000, 52_000] },
  { name: 'Schubkasten', prefix: 'SK', width: [300, 1200], height: [80, 250], depth: [270, 550], cents: [4_500, 21_000] },
  { name: 'Griff', prefix: 'GR', width: [96, 800], height: [10, 40], depth: [20, 40], cents: [450, 6_900] },
  { name: 'Scharnier', prefix: 'SC', width: [35, 35], height: [55, 55], depth: [12, 12], cents: [290, 1_900] },
  { name: 'Türblatt', prefix: 'TB', width: [610, 1135], height: [1985, 2360], depth: [40, 50], cents: [14_000, 89_000] },
  { name: 'Zarge', prefix: 'ZA', width: [635, 1160], height: [2000, 2400], depth: [80, 320], cents: [9_000, 42_000] },
  { name: 'Blende', prefix: 'BL', width: [300, 2400], height: [60, 150], depth: [16, 19], cents: [900, 8_500] },
]
