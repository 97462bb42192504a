import type { Trio } from './vartext-vocab'

// Two catalogues, categories two levels deep; each leaf category lists articles of one model.
export type LeafCategory = { slug: string; label: Trio; model: Trio; codePrefix: string; dimension: Trio }
export type Category = { slug: string; label: Trio; children: ReadonlyArray<LeafCategory> }
export type Catalogue = { slug: string; label: Trio; tag: string; categories: ReadonlyArray<Category> }

const WIDTH: Trio = ['Breite', 'Width', 'Largeur']
const LENGTH: Trio = ['Länge', 'Length', 'Longueur']
const DOOR_THICKNESS: Trio = ['Türstärke', 'Door thickness', 'Épaisseur de porte']
const HOLE_DISTANCE: Trio = ['Bohrabstand', 'Hole spacing', 'Entraxe']

function leaf(slug: string, codePrefix: string, dimension: Trio, label: Trio, model: Trio): LeafCategory {
  return { slug, codePrefix, dimension, label, model }
}

export const CATALOGUES: ReadonlyArray<Catalogue> = [
  {
    slug: 'moebelbeschlaege-2026',
    label: ['Möbelbeschläge 2026', 'Furniture fittings 2026', 'Ferrures de meubles 2026'],
    tag: 'moebel',
    categories: [
      {
        slug: 'griffe',
        label: ['Griffe', 'Handles', 'Poignées'],
        children: [
          leaf('buegelgriffe', 'BG', HOLE_DISTANCE,
            ['Bügelgriffe', 'Bow handles', 'Poignées arceau'],
            ['Bügelgriff', 'Bow handle', 'Poignée arceau']),
          leaf('griffleisten', 'GL', LENGTH,
            ['Griffleisten', 'Handle strips', 'Profilés de poignée'],
            ['Griffleiste', 'Handle strip', 'Profilé de poignée']),
        ],
      },
      {
        slug: 'scharniere',
        label: ['Scharniere', 'Hinges', 'Charnières'],
        children: [
          leaf('topfscharniere', 'TS', WIDTH,
            ['Topfscharniere', 'Concealed hinges', 'Charnières invisibles'],
            ['Topfscharnier', 'Concealed hinge', 'Charnière invisible']),
          leaf('klappenbeschlaege', 'KB', WIDTH,
            ['Klappenbeschläge', 'Flap fittings', "Ferrures d'abattant"],
            ['Klappenbeschlag', 'Flap fitting', "Ferrure d'abattant"]),
        ],
      },
      {
        slug: 'schubkastensysteme',
        label: ['Schubkastensysteme', 'Drawer systems', 'Systèmes de tiroirs'],
        children: [
          leaf('vollauszuege', 'VA', LENGTH,
            ['Vollauszüge', 'Full extension runners', 'Coulisses à sortie totale'],
            ['Vollauszug', 'Full extension runner', 'Coulisse à sortie totale']),
          leaf('innenschubkaesten', 'IS', WIDTH,
            ['Innenschubkästen', 'Inner drawers', 'Tiroirs intérieurs'],
            ['Innenschubkasten', 'Inner drawer', 'Tiroir intérieur']),
        ],
      },
    ],
  },
  {
    slug: 'tuersysteme-2026',
    label: ['Türsysteme 2026', 'Door systems 2026', 'Systèmes de portes 2026'],
    tag: 'tuer',
    categories: [
      {
        slug: 'tuerbaender',
        label: ['Türbänder', 'Door hinges', 'Paumelles'],
        children: [
          leaf('objektbaender', 'OB', DOOR_THICKNESS,
            ['Objektbänder', 'Commercial hinges', 'Paumelles pour bâtiments'],
            ['Objektband', 'Commercial hinge', 'Paumelle pour bâtiment']),
          leaf('verdeckte-baender', 'VB', DOOR_THICKNESS,
            ['Verdeckte Bänder', 'Concealed door hinges', 'Paumelles invisibles'],
            ['Verdecktes Band', 'Concealed door hinge', 'Paumelle invisible']),
        ],
      },
      {
        slug: 'schloesser',
        label: ['Schlösser', 'Locks', 'Serrures'],
        children: [
          leaf('einsteckschloesser', 'ES', DOOR_THICKNESS,
            ['Einsteckschlösser', 'Mortise locks', 'Serrures à larder'],
            ['Einsteckschloss', 'Mortise lock', 'Serrure à larder']),
          leaf('mehrfachverriegelungen', 'MV', LENGTH,
            ['Mehrfachverriegelungen', 'Multi-point locks', 'Serrures multipoints'],
            ['Mehrfachverriegelung', 'Multi-point lock', 'Serrure multipoint']),
        ],
      },
      {
        slug: 'drueckergarnituren',
        label: ['Drückergarnituren', 'Lever handle sets', 'Garnitures de poignées'],
        children: [
          leaf('rosettengarnituren', 'RG', DOOR_THICKNESS,
            ['Rosettengarnituren', 'Rose sets', 'Garnitures sur rosaces'],
            ['Rosettengarnitur', 'Rose set', 'Garniture sur rosace']),
          leaf('schildgarnituren', 'SG', DOOR_THICKNESS,
            ['Schildgarnituren', 'Plate sets', 'Garnitures sur plaques'],
            ['Schildgarnitur', 'Plate set', 'Garniture sur plaque']),
        ],
      },
    ],
  },
]

export const ARTICLE_FINISHES: ReadonlyArray<readonly [slug: string, text: Trio]> = [
  ['edelstahl', ['Edelstahl', 'stainless steel', 'acier inoxydable']],
  ['schwarz-matt', ['Schwarz matt', 'matt black', 'noir mat']],
  ['messing', ['Messing gebürstet', 'brushed brass', 'laiton brossé']],
  ['alu', ['Aluminium eloxiert', 'anodised aluminium', 'aluminium anodisé']],
  ['weiss', ['Weiß', 'white', 'blanc']],
  ['chrom', ['Chrom poliert', 'polished chrome', 'chrome poli']],
]

/** Labels shared by the units of many articles. */
export const UNIT_LABELS = {
  dimensions: ['Abmessungen', 'Dimensions', 'Dimensions'],
  height: ['Höhe', 'Height', 'Hauteur'],
  sizeHint: [
    'Maße immer als Rohbaumaß angeben',
    'Always state the structural opening size',
    'Toujours indiquer la cote de gros œuvre',
  ],
  items: ['Positionen', 'Items', 'Positions'],
  finish: ['Oberfläche', 'Finish', 'Finition'],
  softClose: ['Mit Dämpfung', 'With soft-close', 'Avec amortisseur'],
  quantity: ['Menge', 'Quantity', 'Quantité'],
  options: ['Weitere Optionen', 'More options', "Plus d'options"],
  preassembled: ['Vormontiert', 'Pre-assembled', 'Prémonté'],
  drilling: ['Bohrbild', 'Drilling pattern', 'Schéma de perçage'],
  total: ['Summe', 'Total', 'Total'],
} as const satisfies Record<string, Trio>
