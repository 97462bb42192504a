import type { CompanyType } from '../../domain/company-types'
import { DEMO_COMPANY_IDS } from './demo-accounts'

export type FixedCompany = {
  id: number
  parentId: number | null
  type: CompanyType
  name1: string
  name2: string
  city: string
  address1: string
  email: string
  customerNumber: string | null
  lines: ReadonlyArray<string>
  guest: boolean
  logo: boolean
}

// The companies of the demo accounts, always with the same ids and data.
export const FIXED_COMPANIES: ReadonlyArray<FixedCompany> = [
  {
    id: DEMO_COMPANY_IDS.supplier,
    parentId: null,
    type: 'X',
    name1: 'Beschlagwerk Hollerbach GmbH',
    name2: 'Beschläge · Fronten · Türen',
    city: 'Pforzheim',
    address1: 'Industriestraße 12',
    email: 'info@hollerbach-beschlagwerk.example',
    customerNumber: '100000',
    lines: [],
    guest: false,
    logo: true,
  },
  {
    id: DEMO_COMPANY_IDS.dealer,
    parentId: DEMO_COMPANY_IDS.supplier,
    type: 'D',
    name1: 'Holzhandel Brenner GmbH & Co. KG',
    name2: 'Fachhandel für Beschläge und Bauelemente',
    city: 'Stuttgart',
    address1: 'Dieselstraße 44',
    email: 'info@holzhandel-brenner.example',
    customerNumber: '200021',
    lines: ['MF', 'TU', 'KO'],
    guest: false,
    logo: true,
  },
  {
    id: DEMO_COMPANY_IDS.carpenter,
    parentId: DEMO_COMPANY_IDS.dealer,
    type: 'C',
    name1: 'Schreinerei Maurer',
    name2: 'Inh. Jonas Maurer',
    city: 'Reutlingen',
    address1: 'Schreinerweg 7',
    email: 'info@schreinerei-maurer.example',
    customerNumber: '200034',
    lines: ['MF'],
    guest: false,
    logo: false,
  },
  {
    id: DEMO_COMPANY_IDS.industry,
    parentId: DEMO_COMPANY_IDS.dealer,
    type: 'I',
    name1: 'Küchenwerk Albrecht AG',
    name2: '',
    city: 'Heilbronn',
    address1: 'Robert-Bosch-Straße 90',
    email: 'einkauf@kuechenwerk-albrecht.example',
    customerNumber: '200047',
    lines: ['MF', 'KO', 'SK'],
    guest: false,
    logo: false,
  },
  {
    id: DEMO_COMPANY_IDS.guest,
    parentId: DEMO_COMPANY_IDS.supplier,
    type: 'X',
    name1: 'Gastzugang Türen-Portal',
    name2: '',
    city: 'Pforzheim',
    address1: 'Industriestraße 12',
    email: 'gast@hollerbach-tueren.example',
    customerNumber: null,
    lines: ['TU'],
    guest: true,
    logo: false,
  },
]

/** A small SVG logo with the company's initials, so the logo preview has something to show. */
export function logoSvg(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64">' +
    '<rect width="160" height="64" rx="8" fill="#1f4e79"/>' +
    `<text x="80" y="42" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${initials}</text>` +
    '</svg>'
  )
}
