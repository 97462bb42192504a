// Parallel German / English / French phrases from which the vartext (article description)
// texts are composed, so every seeded translation is a real one.
export type Trio = readonly [de: string, en: string, fr: string]
export type Coded = { code: string; text: Trio; tag: string }

export const NOUNS: ReadonlyArray<Coded> = [
  { code: 'FRT', text: ['Front', 'Front', 'Façade'], tag: 'front' },
  { code: 'SKB', text: ['Schubkastenblende', 'Drawer front', 'Façade de tiroir'], tag: 'front' },
  { code: 'KSS', text: ['Korpusseite', 'Carcass side', 'Côté de caisson'], tag: 'carcass' },
  { code: 'EBD', text: ['Einlegeboden', 'Shelf', 'Tablette'], tag: 'carcass' },
  { code: 'RWD', text: ['Rückwand', 'Back panel', 'Panneau arrière'], tag: 'carcass' },
  { code: 'TBL', text: ['Türblatt', 'Door leaf', 'Vantail'], tag: 'door' },
  { code: 'ZRG', text: ['Zarge', 'Door frame', 'Huisserie'], tag: 'door' },
  { code: 'DRT', text: ['Drehtür', 'Hinged door', 'Porte battante'], tag: 'door' },
  { code: 'SLT', text: ['Schiebetür', 'Sliding door', 'Porte coulissante'], tag: 'door' },
  { code: 'GLT', text: ['Glastür', 'Glass door', 'Porte vitrée'], tag: 'door' },
  { code: 'SBL', text: ['Sockelblende', 'Plinth', 'Plinthe'], tag: 'carcass' },
  { code: 'GRL', text: ['Griffleiste', 'Handle strip', 'Profilé de poignée'], tag: 'fitting' },
  { code: 'TSC', text: ['Topfscharnier', 'Concealed hinge', 'Charnière invisible'], tag: 'fitting' },
  { code: 'KLB', text: ['Klappenbeschlag', 'Flap fitting', "Ferrure d'abattant"], tag: 'fitting' },
  { code: 'VAZ', text: ['Vollauszug', 'Full extension runner', 'Coulisse à sortie totale'], tag: 'fitting' },
  { code: 'APL', text: ['Arbeitsplatte', 'Worktop', 'Plan de travail'], tag: 'carcass' },
  { code: 'KRL', text: ['Kranzleiste', 'Cornice', 'Corniche'], tag: 'carcass' },
  { code: 'PSL', text: ['Passleiste', 'Filler strip', 'Bandeau de compensation'], tag: 'carcass' },
  { code: 'WGN', text: ['Wange', 'Side panel', 'Joue'], tag: 'carcass' },
  { code: 'HBD', text: ['Hängeschrankboden', 'Wall cabinet base', 'Fond de meuble haut'], tag: 'carcass' },
]

export const FINISHES: ReadonlyArray<Coded> = [
  { code: 'EIN', text: ['Eiche natur', 'natural oak', 'chêne naturel'], tag: 'wood' },
  { code: 'WMT', text: ['Weiß matt', 'matt white', 'blanc mat'], tag: 'plain' },
  { code: 'ANT', text: ['Anthrazit', 'anthracite', 'anthracite'], tag: 'plain' },
  { code: 'NBM', text: ['Nussbaum', 'walnut', 'noyer'], tag: 'wood' },
  { code: 'WHG', text: ['Hochglanz weiß', 'high-gloss white', 'blanc brillant'], tag: 'gloss' },
  { code: 'KGR', text: ['Kaschmir grau', 'cashmere grey', 'gris cachemire'], tag: 'plain' },
  { code: 'ESS', text: ['Esche schwarz', 'black ash', 'frêne noir'], tag: 'wood' },
  { code: 'BET', text: ['Beton-Optik', 'concrete look', 'aspect béton'], tag: 'stone' },
  { code: 'SGR', text: ['Salbeigrün', 'sage green', 'vert sauge'], tag: 'plain' },
  { code: 'L91', text: ['Lack RAL 9010', 'RAL 9010 lacquer', 'laque RAL 9010'], tag: 'lacquer' },
]

export const MATERIALS: ReadonlyArray<Trio> = [
  ['Spanplatte', 'particle board', 'panneau de particules'],
  ['MDF', 'MDF', 'MDF'],
  ['Multiplex', 'plywood', 'contreplaqué'],
  ['Massivholz', 'solid wood', 'bois massif'],
  ['Glas', 'glass', 'verre'],
  ['Aluminium', 'aluminium', 'aluminium'],
]

export const ACCESSORIES: ReadonlyArray<Trio> = [
  ['Dämpfung', 'soft-close', 'amortisseur'],
  ['Montageplatte', 'mounting plate', 'embase'],
  ['Griffmulde', 'recessed grip', 'poignée cuvette'],
  ['Bodenschiene', 'floor rail', 'rail au sol'],
]

/** Templates: each takes the noun and one modifier and yields a text in three languages. */
export const VARTEXT_TEMPLATES: ReadonlyArray<{
  modifiers: 'finish' | 'material' | 'accessory' | 'none'
  build: (noun: Trio, modifier: Trio) => Trio
  /** A technical source text instead of the German one (codes of noun and modifier). */
  technical?: (nounCode: string, modifierCode: string) => string
}> = [
  {
    modifiers: 'finish',
    build: (n, f) => [`${n[0]} ${f[0]}, Breite {0} mm`, `${n[1]} ${f[1]}, width {0} mm`, `${n[2]} ${f[2]}, largeur {0} mm`],
    technical: (n, f) => `${n}/${f} B={0}mm`,
  },
  {
    modifiers: 'finish',
    build: (n, f) => [`${n[0]} ${f[0]}, Stärke %s mm`, `${n[1]} ${f[1]}, thickness %s mm`, `${n[2]} ${f[2]}, épaisseur %s mm`],
  },
  {
    modifiers: 'material',
    build: (n, m) => [`${n[0]} aus ${m[0]}`, `${n[1]} made of ${m[1]}`, `${n[2]} en ${m[2]}`],
  },
  {
    modifiers: 'accessory',
    build: (n, a) => [
      `<b>Hinweis:</b> ${n[0]} nur mit ${a[0]} lieferbar`,
      `<b>Note:</b> ${n[1]} only available with ${a[1]}`,
      `<b>Remarque :</b> ${n[2]} disponible uniquement avec ${a[2]}`,
    ],
  },
  {
    modifiers: 'none',
    build: (n) => [`${n[0]} für {name}`, `${n[1]} for {name}`, `${n[2]} pour {name}`],
  },
  {
    modifiers: 'none',
    build: (n) => [
      `Mindestmaß ${n[0]}: {0} x {1} mm`,
      `Minimum size ${n[1]}: {0} x {1} mm`,
      `Dimension minimale ${n[2]} : {0} x {1} mm`,
    ],
    technical: (n) => `MIN_${n} {0}x{1}`,
  },
]

export const VARTEXT_DESCRIPTIONS = [
  'Artikeltext im Angebot, max. 80 Zeichen',
  'Erscheint auf dem Lieferschein',
  'Platzhalter {0} = Breite, {1} = Höhe',
  'Nur im Shop sichtbar',
  'Text aus dem Variantenkonfigurator',
] as const
