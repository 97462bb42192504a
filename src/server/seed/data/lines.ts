// Production lines and the decors they are made in (material list of select-line).
export type LineSpec = {
  code: string
  name: string
  /** Material code prefix and product name stem. */
  materialPrefix: string
  product: string
  thicknesses: ReadonlyArray<string>
}

export const LINES: ReadonlyArray<LineSpec> = [
  { code: 'MF', name: 'Möbelfronten', materialPrefix: 'MF', product: 'Front', thicknesses: ['16|19', '16|19|25', '19|22'] },
  { code: 'TU', name: 'Türen', materialPrefix: 'TU', product: 'Türblatt', thicknesses: ['40', '40|42', '42|50'] },
  { code: 'KO', name: 'Korpus', materialPrefix: 'KO', product: 'Korpusplatte', thicknesses: ['16|19|25', '19|25', '8|16|19'] },
  { code: 'SK', name: 'Schubkasten', materialPrefix: 'SK', product: 'Schubkasten', thicknesses: ['12|16', '16', '12|16|19'] },
]

/** Decor name and texture as the material overview shows them; the code is derived. */
export const DECORS: ReadonlyArray<readonly [string, string, string]> = [
  ['EN', 'Eiche natur', 'Holzstruktur'],
  ['EG', 'Eiche gekälkt', 'Holzstruktur'],
  ['ER', 'Eiche Rustikal', 'Synchronpore'],
  ['NB', 'Nussbaum', 'Holzstruktur'],
  ['ES', 'Esche schwarz', 'Synchronpore'],
  ['BU', 'Buche gedämpft', 'Holzstruktur'],
  ['WM', 'Weiß matt', 'glatt'],
  ['WH', 'Weiß Hochglanz', 'Hochglanz'],
  ['AN', 'Anthrazit', 'Feinstruktur'],
  ['KG', 'Kaschmir grau', 'Supermatt'],
  ['SG', 'Salbeigrün', 'Supermatt'],
  ['BO', 'Beton-Optik', 'Steinstruktur'],
  ['ST', 'Stahl gebürstet', 'Metallic'],
  ['MA', 'Magnolie', 'glatt'],
  ['SW', 'Schwarz matt', 'Supermatt'],
  ['LR', 'Lack RAL 9010', 'Lack seidenmatt'],
]
