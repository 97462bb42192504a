// The countries of the address forms, in the order the forms list them: the seed writes them to
// the countries table, and the contract takes exactly these codes, so /vue/openapi.json can list
// them as an enum a generated client uses (decision 019).
export const COUNTRY_CODES = ['DE', 'AT', 'CH', 'FR', 'NL', 'IT', 'PL', 'BE', 'LU', 'DK', 'CZ'] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

/** German and English name of each country. */
export const COUNTRY_NAMES: Readonly<Record<CountryCode, readonly [de: string, en: string]>> = {
  DE: ['Deutschland', 'Germany'],
  AT: ['Österreich', 'Austria'],
  CH: ['Schweiz', 'Switzerland'],
  FR: ['Frankreich', 'France'],
  NL: ['Niederlande', 'Netherlands'],
  IT: ['Italien', 'Italy'],
  PL: ['Polen', 'Poland'],
  BE: ['Belgien', 'Belgium'],
  LU: ['Luxemburg', 'Luxembourg'],
  DK: ['Dänemark', 'Denmark'],
  CZ: ['Tschechien', 'Czechia'],
}

export function isCountryCode(code: string): code is CountryCode {
  return COUNTRY_CODES.some((known) => known === code)
}
