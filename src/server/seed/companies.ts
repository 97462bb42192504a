import type { CompanyType } from '../../domain/company-types'
import type { NewCompany } from '../db/schema/index'
import { placeNamed, randomAddress, randomPlace, vatNumber } from './address'
import { daysBefore } from './clock'
import { companyName, companyName2 } from './data/company-names'
import { asciiSlug } from './data/people'
import { GERMAN_PLACES, germanRegion, languageOfCountry, type Place } from './data/places'
import { DEMO_COMPANY_IDS } from './demo-accounts'
import { FIXED_COMPANIES, logoSvg, type FixedCompany } from './fixed-companies'
import type { SeedLines } from './reference'
import type { Random } from './random'

// path and depth go to company_tree (write.ts); the rest is the companies row.
export type SeedCompany = NewCompany & {
  id: number
  parentId: number | null
  path: string
  depth: number
  companyType: CompanyType
  name1: string
  name2: string
  zip: string
  country: string
  customerNumber: string | null
  autoApprove: boolean
  isGuestCompany: boolean
  createdAt: Date
}

export type CompanyWorld = {
  companies: SeedCompany[]
  companyLines: Array<{ companyId: number; lineId: number }>
  linesByCompany: ReadonlyMap<number, ReadonlyArray<number>>
}

const MIN_COMPANIES = 330

/** Builds the supplier's company tree: dealers below the root, their customers below them. */
export function buildCompanies(random: Random, lines: SeedLines): CompanyWorld {
  const companies: SeedCompany[] = []
  const companyLines: CompanyWorld['companyLines'] = []
  const linesByCompany = new Map<number, number[]>()
  const byId = new Map<number, SeedCompany>()
  let nextId = Object.keys(DEMO_COMPANY_IDS).length + 1

  function add(parent: SeedCompany | null, type: CompanyType, fixed?: FixedCompany): SeedCompany {
    const id = fixed?.id ?? nextId++
    const place: Place = fixed ? placeNamed(fixed.city) : placeNear(random, parent)
    const address = randomAddress(random, place)
    const name1 = fixed?.name1 ?? companyName(random, type, place.city)
    const days = parent ? random.int(20, 2400) : 4000
    const created = daysBefore(days, random.int(0, 600))
    const company: SeedCompany = {
      id,
      parentId: parent?.id ?? null,
      path: `${parent?.path ?? '/'}${id}/`,
      depth: parent ? parent.depth + 1 : 0,
      companyType: type,
      name1,
      name2: fixed?.name2 ?? companyName2(random, type, place.city),
      vatNumber: type === 'E' && random.chance(0.6) ? '' : vatNumber(random, place.country),
      customerNumber: customerNumber(random, id, type, fixed),
      autoApprove: !fixed && random.chance(autoApproveRate(type)),
      ...address,
      address1: fixed?.address1 ?? address.address1,
      region: place.country === 'DE' ? germanRegion(address.zip) : 'export',
      discountGroup: discountGroup(random, type),
      assortment: random.weighted([
        ['M', 3],
        ['T', 2],
        ['MT', 5],
      ]),
      language: languageOfCountry(place.country),
      email: fixed?.email ?? `info@${asciiSlug(name1)}.example`,
      optOut: random.chance(0.15),
      isGuestCompany: fixed?.guest ?? false,
      // Parents always exist before their children.
      createdAt: parent && created < parent.createdAt ? parent.createdAt : created,
    }
    if (fixed?.logo) {
      company.logo = new TextEncoder().encode(logoSvg(name1))
      company.logoMime = 'image/svg+xml'
    }
    const lineIds = fixed ? fixed.lines.map((code) => lines.idOf(code)) : randomLines(random, lines, type)
    if (lineIds.length > 0) {
      company.lastLineId = random.pick(lineIds)
      linesByCompany.set(id, lineIds)
      for (const lineId of lineIds) companyLines.push({ companyId: id, lineId })
    }
    companies.push(company)
    byId.set(id, company)
    return company
  }

  function grow(parent: SeedCompany, maxDepth: number): void {
    if (parent.depth >= maxDepth) return
    for (const type of childTypes(random, parent)) grow(add(parent, type), maxDepth)
  }

  function fixedCompany(id: number): SeedCompany {
    const spec = FIXED_COMPANIES.find((candidate) => candidate.id === id)
    if (!spec) throw new Error(`No fixed company ${id}`)
    const parent = spec.parentId === null ? null : byId.get(spec.parentId)
    if (parent === undefined) throw new Error(`Parent of fixed company ${id} missing`)
    return add(parent, spec.type, spec)
  }

  const root = fixedCompany(DEMO_COMPANY_IDS.supplier)
  const dealer = fixedCompany(DEMO_COMPANY_IDS.dealer)
  const carpenter = fixedCompany(DEMO_COMPANY_IDS.carpenter)
  const industry = fixedCompany(DEMO_COMPANY_IDS.industry)
  fixedCompany(DEMO_COMPANY_IDS.guest)

  // The demo dealer's tree is exactly two levels deep below the dealer.
  for (let i = 0; i < 3; i++) add(carpenter, 'E')
  add(industry, 'I')
  for (const type of ['C', 'C', 'C', 'I', 'E', 'C'] as const) grow(add(dealer, type), dealer.depth + 2)

  // Large industry customers buy directly from the supplier.
  for (let i = 0; i < 3; i++) grow(add(root, 'I'), 4)
  while (companies.length < MIN_COMPANIES) grow(add(root, 'D'), 4)

  return { companies, companyLines, linesByCompany }
}

/** Customers mostly sit near their dealer or carpenter; the rest are spread out. */
function placeNear(random: Random, parent: SeedCompany | null): Place {
  const local = parent && parent.depth > 0 ? GERMAN_PLACES.find((place) => place.city === parent.city) : undefined
  return local && random.chance(0.5) ? local : randomPlace(random)
}

function childTypes(random: Random, parent: SeedCompany): CompanyType[] {
  const count = (weights: ReadonlyArray<readonly [number, number]>) => random.weighted(weights)
  const types: CompanyType[] = []
  if (parent.companyType === 'D' && parent.depth === 1) {
    const n = random.int(4, 8)
    for (let i = 0; i < n; i++)
      types.push(
        random.weighted([
          ['C', 55],
          ['I', 15],
          ['E', 20],
          ['D', 10],
        ]),
      )
  } else if (parent.companyType === 'D') {
    const n = random.int(2, 4)
    for (let i = 0; i < n; i++)
      types.push(
        random.weighted([
          ['C', 7],
          ['E', 3],
        ]),
      )
  } else if (parent.companyType === 'C') {
    const n = count([
      [0, 35],
      [1, 35],
      [2, 20],
      [3, 10],
    ])
    for (let i = 0; i < n; i++) types.push('E')
  } else if (parent.companyType === 'I') {
    const n = random.int(0, 2)
    for (let i = 0; i < n; i++)
      types.push(
        random.weighted([
          ['I', 1],
          ['E', 1],
        ]),
      )
  }
  return types
}

function randomLines(random: Random, lines: SeedLines, type: CompanyType): number[] {
  const counts: Record<CompanyType, readonly [number, number]> = { X: [0, 0], D: [2, 4], C: [1, 2], I: [1, 3], E: [1, 1] }
  const [min, max] = counts[type]
  return random
    .shuffle(lines.ids)
    .slice(0, random.int(min, max))
    .sort((a, b) => a - b)
}

function customerNumber(random: Random, id: number, type: CompanyType, fixed: FixedCompany | undefined): string | null {
  if (fixed) return fixed.customerNumber
  // Private end customers often have no customer number yet.
  if (type === 'E' && random.chance(0.3)) return null
  return String(200_000 + id * 10 + random.int(0, 9))
}

function autoApproveRate(type: CompanyType): number {
  return { X: 0, D: 0, C: 0.25, I: 0.4, E: 0.1 }[type]
}

function discountGroup(random: Random, type: CompanyType): string {
  if (type === 'D') return random.pick(['A', 'B'])
  if (type === 'I') return random.pick(['B', 'C'])
  if (type === 'C') return random.pick(['C', 'D'])
  return 'E'
}
