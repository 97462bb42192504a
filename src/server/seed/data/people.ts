// German first and last names for contacts and company names.
export const FIRST_NAMES = [
  'Thomas', 'Michael', 'Andreas', 'Stefan', 'Markus', 'Christian', 'Frank', 'Jürgen', 'Peter',
  'Klaus', 'Martin', 'Tobias', 'Jan', 'Lukas', 'Florian', 'Sebastian', 'Matthias', 'Uwe',
  'Sabine', 'Claudia', 'Andrea', 'Petra', 'Monika', 'Susanne', 'Nicole', 'Stefanie', 'Katrin',
  'Julia', 'Anna', 'Lena', 'Laura', 'Sarah', 'Birgit', 'Heike', 'Melanie', 'Sandra', 'Tanja',
  'Jana', 'Miriam', 'Carina',
] as const

export const MIDDLE_NAMES = ['Maria', 'Johann', 'Josef', 'Elisabeth', 'Friedrich', 'Luise'] as const

export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz',
  'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann',
  'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt',
  'Werner', 'Krause', 'Meier', 'Lehmann', 'Huber', 'Kaiser', 'Fuchs', 'Herrmann', 'Lang',
  'Vogel', 'Haas', 'Engel', 'Brandt', 'Graf', 'Seidel', 'Ziegler', 'Kühn', 'Pohl', 'Winkler',
  'Frank', 'Sommer', 'Haag', 'Eberle', 'Kessler',
] as const

/** Lower-case ASCII for e-mail local parts and domains. */
export function asciiSlug(value: string): string {
  return value
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
