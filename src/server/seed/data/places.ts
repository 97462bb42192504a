// Cities with a zip prefix and phone area code, so addresses look consistent.
export type Place = {
  city: string
  country: string
  /** Digits the zip starts with; the rest is random. */
  zipPrefix: string
  zipLength: number
  phonePrefix: string
}

const de = (city: string, zipPrefix: string, area: string): Place => ({
  city,
  country: 'DE',
  zipPrefix,
  zipLength: 5,
  phonePrefix: `+49 ${area}`,
})

export const GERMAN_PLACES: ReadonlyArray<Place> = [
  de('Stuttgart', '70', '711'), de('Karlsruhe', '76', '721'), de('Pforzheim', '75', '7231'),
  de('Freiburg im Breisgau', '79', '761'), de('Ulm', '89', '731'), de('Heilbronn', '74', '7131'),
  de('Reutlingen', '727', '7121'), de('Offenburg', '776', '781'), de('München', '80', '89'),
  de('Augsburg', '86', '821'), de('Nürnberg', '90', '911'), de('Regensburg', '93', '941'),
  de('Würzburg', '97', '931'), de('Rosenheim', '83', '8031'), de('Frankfurt am Main', '60', '69'),
  de('Wiesbaden', '65', '611'), de('Kassel', '34', '561'), de('Mannheim', '68', '621'),
  de('Mainz', '55', '6131'), de('Saarbrücken', '66', '681'), de('Köln', '50', '221'),
  de('Düsseldorf', '40', '211'), de('Dortmund', '44', '231'), de('Bielefeld', '33', '521'),
  de('Münster', '48', '251'), de('Paderborn', '33', '5251'), de('Hannover', '30', '511'),
  de('Bremen', '28', '421'), de('Hamburg', '22', '40'), de('Kiel', '24', '431'),
  de('Lübeck', '23', '451'), de('Osnabrück', '49', '541'), de('Berlin', '10', '30'),
  de('Potsdam', '14', '331'), de('Leipzig', '04', '341'), de('Dresden', '01', '351'),
  de('Chemnitz', '09', '371'), de('Erfurt', '99', '361'), de('Magdeburg', '39', '391'),
  de('Rostock', '18', '381'),
]

export const FOREIGN_PLACES: ReadonlyArray<Place> = [
  { city: 'Wien', country: 'AT', zipPrefix: '1', zipLength: 4, phonePrefix: '+43 1' },
  { city: 'Graz', country: 'AT', zipPrefix: '80', zipLength: 4, phonePrefix: '+43 316' },
  { city: 'Linz', country: 'AT', zipPrefix: '40', zipLength: 4, phonePrefix: '+43 732' },
  { city: 'Salzburg', country: 'AT', zipPrefix: '50', zipLength: 4, phonePrefix: '+43 662' },
  { city: 'Innsbruck', country: 'AT', zipPrefix: '60', zipLength: 4, phonePrefix: '+43 512' },
  { city: 'Zürich', country: 'CH', zipPrefix: '80', zipLength: 4, phonePrefix: '+41 44' },
  { city: 'Basel', country: 'CH', zipPrefix: '40', zipLength: 4, phonePrefix: '+41 61' },
  { city: 'Bern', country: 'CH', zipPrefix: '30', zipLength: 4, phonePrefix: '+41 31' },
  { city: 'Luzern', country: 'CH', zipPrefix: '60', zipLength: 4, phonePrefix: '+41 41' },
  { city: 'Strasbourg', country: 'FR', zipPrefix: '67', zipLength: 5, phonePrefix: '+33 3' },
  { city: 'Mulhouse', country: 'FR', zipPrefix: '68', zipLength: 5, phonePrefix: '+33 3' },
  { city: 'Venlo', country: 'NL', zipPrefix: '59', zipLength: 4, phonePrefix: '+31 77' },
  { city: 'Bozen', country: 'IT', zipPrefix: '391', zipLength: 5, phonePrefix: '+39 0471' },
  { city: 'Poznań', country: 'PL', zipPrefix: '6', zipLength: 5, phonePrefix: '+48 61' },
  { city: 'Eupen', country: 'BE', zipPrefix: '47', zipLength: 4, phonePrefix: '+32 87' },
  { city: 'Luxembourg', country: 'LU', zipPrefix: '1', zipLength: 4, phonePrefix: '+352' },
  { city: 'Aabenraa', country: 'DK', zipPrefix: '62', zipLength: 4, phonePrefix: '+45' },
  { city: 'Plzeň', country: 'CZ', zipPrefix: '30', zipLength: 5, phonePrefix: '+420 37' },
]

export const STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Gewerbering', 'Am Sägewerk', 'Schreinerweg',
  'Lindenallee', 'Mühlweg', 'Raiffeisenstraße', 'Dieselstraße', 'Robert-Bosch-Straße',
  'Gartenstraße', 'Schillerstraße', 'Goethestraße', 'Kirchplatz', 'Im Gewerbepark',
  'Tischlerstraße', 'Holzweg', 'Am Hafen', 'Siemensstraße', 'Carl-Benz-Straße', 'Wiesenweg',
] as const

/** Regions (choice codes) by the first digit of a German zip. */
export function germanRegion(zip: string): string {
  const first = zip.charAt(0)
  if (first === '0' || first === '1' || first === '9') return 'ost'
  if (first === '2') return 'nord'
  if (first === '3' || first === '4' || first === '5') return 'west'
  return 'sued'
}

/** Interface language of a company by its country. */
export function languageOfCountry(country: string): string {
  if (country === 'DE' || country === 'AT' || country === 'CH') return 'de'
  if (country === 'FR' || country === 'LU') return 'fr'
  if (country === 'NL' || country === 'BE') return 'nl'
  if (country === 'IT') return 'it'
  return 'en'
}
