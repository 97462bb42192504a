import type { NewDeliveryAddress } from '../db/schema/index'
import { randomAddress, randomPlace } from './address'
import type { CompanyWorld } from './companies'
import { LAST_NAMES } from './data/people'
import { STREETS } from './data/places'
import type { Random } from './random'

/** 1–3 addresses per company; exactly one is the delivery address, and it is always active. */
export function buildDeliveryAddresses(random: Random, world: CompanyWorld): NewDeliveryAddress[] {
  const rows: NewDeliveryAddress[] = []
  for (const company of world.companies) {
    const count = company.isGuestCompany
      ? 1
      : random.weighted([
          [1, 40],
          [2, 40],
          [3, 20],
        ])
    const deliveryIndex = random.int(0, count - 1)
    const domain = (company.email ?? '').split('@')[1] ?? 'demo.example'
    for (let i = 0; i < count; i++) {
      const own = i === 0
      const place = randomPlace(random)
      const other = randomAddress(random, place)
      const isDelivery = i === deliveryIndex
      rows.push({
        companyId: company.id,
        name1: own ? company.name1 : secondaryName(random, company.name1, other.city),
        name2: own ? company.name2 : '',
        address1: own ? (company.address1 ?? other.address1) : other.address1,
        address2: !own && random.chance(0.2) ? `Tor ${random.int(1, 6)}` : '',
        zip: own ? company.zip : other.zip,
        city: own ? (company.city ?? other.city) : other.city,
        country: own ? company.country : other.country,
        phone: own ? (company.phone ?? other.phone) : other.phone,
        mobile: other.mobile,
        email: own ? (company.email ?? '') : random.chance(0.5) ? `lager@${domain}` : '',
        active: isDelivery || random.chance(0.8),
        isDelivery,
      })
    }
  }
  return rows
}

function secondaryName(random: Random, companyName: string, city: string): string {
  return random.pick([`${companyName} – Lager ${city}`, `Baustelle ${random.pick(STREETS)}`, `Filiale ${city}`, `Kommission ${random.pick(LAST_NAMES)}`])
}
