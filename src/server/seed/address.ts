import type { Random } from './random'
import { FOREIGN_PLACES, GERMAN_PLACES, STREETS, type Place } from './data/places'

export type Address = {
  address1: string
  zip: string
  city: string
  country: string
  phone: string
  mobile: string
}

/** Mostly German customers, some from the neighbouring countries. */
export function randomPlace(random: Random): Place {
  return random.chance(0.85) ? random.pick(GERMAN_PLACES) : random.pick(FOREIGN_PLACES)
}

export function placeNamed(city: string): Place {
  const place = GERMAN_PLACES.find((candidate) => candidate.city === city)
  if (!place) throw new Error(`Unknown seed city ${city}`)
  return place
}

export function phoneNumber(random: Random, place: Place): string {
  return `${place.phonePrefix} ${random.int(1, 9)}${random.digits(random.int(4, 6))}`
}

export function mobileNumber(random: Random, place: Place): string {
  if (place.country !== 'DE') return `${place.phonePrefix.split(' ')[0] ?? '+49'} 6${random.digits(8)}`
  return `+49 ${random.pick(['151', '160', '170', '171', '172', '175', '176'])} ${random.digits(7)}`
}

export function randomAddress(random: Random, place: Place): Address {
  const zipRest = random.digits(Math.max(0, place.zipLength - place.zipPrefix.length))
  return {
    address1: `${random.pick(STREETS)} ${random.int(1, 180)}${random.chance(0.1) ? random.pick(['a', 'b', 'c']) : ''}`,
    zip: `${place.zipPrefix}${zipRest}`,
    city: place.city,
    country: place.country,
    phone: phoneNumber(random, place),
    mobile: random.chance(0.6) ? mobileNumber(random, place) : '',
  }
}

/** VAT id in the format of the country (DE: 'DE' + 9 digits). */
export function vatNumber(random: Random, country: string): string {
  if (country === 'AT') return `ATU${random.digits(8)}`
  if (country === 'CH') return `CHE-${random.digits(3)}.${random.digits(3)}.${random.digits(3)}`
  if (country === 'DE') return `DE${random.int(1, 9)}${random.digits(8)}`
  return `${country}${random.digits(9)}`
}
