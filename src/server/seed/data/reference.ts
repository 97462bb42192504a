import type { ChoiceKind } from '../../db/schema/index'
import { COUNTRY_CODES, COUNTRY_NAMES } from '../../../domain/countries'

// Country list of the address forms (code, German name, English name); the codes are the
// contract's (src/domain/countries.ts).
export const COUNTRIES: ReadonlyArray<readonly [string, string, string]> = COUNTRY_CODES.map((code) => [code, ...COUNTRY_NAMES[code]] as const)

type Choice = { code: string; de: string; en: string; isDefault?: boolean }

export const CHOICES: Readonly<Record<ChoiceKind, ReadonlyArray<Choice>>> = {
  region: [
    { code: 'nord', de: 'Nord', en: 'North' },
    { code: 'sued', de: 'Süd', en: 'South', isDefault: true },
    { code: 'west', de: 'West', en: 'West' },
    { code: 'ost', de: 'Ost', en: 'East' },
    { code: 'export', de: 'Export', en: 'Export' },
  ],
  discount_group: [
    { code: 'A', de: 'Rabattgruppe A', en: 'Discount group A' },
    { code: 'B', de: 'Rabattgruppe B', en: 'Discount group B' },
    { code: 'C', de: 'Rabattgruppe C', en: 'Discount group C', isDefault: true },
    { code: 'D', de: 'Rabattgruppe D', en: 'Discount group D' },
    { code: 'E', de: 'Rabattgruppe E', en: 'Discount group E' },
  ],
  assortment: [
    { code: 'M', de: 'Möbel', en: 'Furniture' },
    { code: 'T', de: 'Türen', en: 'Doors' },
    { code: 'MT', de: 'Möbel + Türen', en: 'Furniture + doors', isDefault: true },
  ],
  language: [
    { code: 'de', de: 'Deutsch', en: 'German', isDefault: true },
    { code: 'en', de: 'Englisch', en: 'English' },
    { code: 'fr', de: 'Französisch', en: 'French' },
    { code: 'it', de: 'Italienisch', en: 'Italian' },
    { code: 'nl', de: 'Niederländisch', en: 'Dutch' },
  ],
}

export const TRANSLATION_LANGUAGES = [
  { code: 'master', name: 'Master', isMaster: true },
  { code: 'de', name: 'Deutsch', isMaster: false },
  { code: 'en', name: 'English', isMaster: false },
  { code: 'fr', name: 'Français', isMaster: false },
] as const
