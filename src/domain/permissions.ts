// The nine permission groups of the product spec and CAN_REVIEW (approving and sending back
// translations, docs/decisions/049). One source for pgEnum, zod and the UI.
export const PERMISSIONS = [
  'IS_DEALER_ADMIN',
  'CAN_CREATE_COMPANIES',
  'CAN_CREATE_CONTACTS',
  'CAN_APPROVE_ORDER',
  'CAN_TRANSLATE',
  'CAN_UPLOAD',
  'SEE_PRICELOGS',
  'MANAGE_USERS',
  'CAN_CHANGE_PASSWORD',
  'CAN_REVIEW',
] as const

export type Permission = (typeof PERMISSIONS)[number]

export function isPermission(value: string): value is Permission {
  return PERMISSIONS.some((permission) => permission === value)
}

export function hasPermission(groups: ReadonlyArray<string>, permission: Permission): boolean {
  return groups.includes(permission)
}

/** The groups of `wanted` that `held` lacks, in the spec's order. */
export function missingPermissions(held: ReadonlyArray<string>, wanted: ReadonlyArray<string>): Permission[] {
  return PERMISSIONS.filter((permission) => wanted.includes(permission) && !held.includes(permission))
}
