import type { CompanyType } from '../../../domain/company-types'
import type { Random } from '../random'
import { FIRST_NAMES, LAST_NAMES } from './people'

// Name patterns per company type; '#L' is a last name, '#F' a first name, '#C' the city.
const PATTERNS: Readonly<Record<CompanyType, ReadonlyArray<string>>> = {
  X: ['#L Holzwerkstoffe GmbH'],
  D: [
    '#L Holzhandel GmbH',
    'Baubeschlag #C GmbH & Co. KG',
    '#L & #L Beschläge KG',
    'Holzfachhandel #L',
    '#L Bauelemente GmbH',
    'Beschlag-Center #C',
  ],
  C: [
    'Schreinerei #L',
    'Tischlerei #L GmbH',
    '#L Möbelwerkstätten',
    'Innenausbau #L',
    'Schreinerei #L & Söhne',
    'Möbeltischlerei #L',
    'Holzwerkstatt #F #L',
  ],
  I: [
    '#L Küchenbau AG',
    'Möbelwerke #C GmbH',
    '#L Ladenbau GmbH',
    'Objektmöbel #L GmbH',
    '#L Türenwerk GmbH',
    '#L Büroeinrichtungen GmbH',
  ],
  E: ['#F #L', 'Praxis Dr. #L', 'Hotel #L', 'Familie #L', 'Bäckerei #L', 'Kanzlei #L & Partner'],
}

export function companyName(random: Random, type: CompanyType, city: string): string {
  return random
    .pick(PATTERNS[type])
    .replaceAll('#L', () => random.pick(LAST_NAMES))
    .replaceAll('#F', () => random.pick(FIRST_NAMES))
    .replaceAll('#C', city)
}

/** The optional second name line, as real master data often has one. */
export function companyName2(random: Random, type: CompanyType, city: string): string {
  if (type === 'C' && random.chance(0.3)) return `Inh. ${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
  if (type === 'D' && random.chance(0.3)) return `Niederlassung ${city}`
  if (type === 'I' && random.chance(0.25)) return 'Werk 2'
  return ''
}
