import { missingPermissions, type Permission } from './permissions'

// Switch user never gains permissions: the real person (the one behind a possibly already
// switched session) may act as another user only while they may switch at all and hold every
// group of that user. The switch checks it once; every call of a switched session again.
export type SwitchRefusal = { kind: 'may-not-switch' } | { kind: 'more-groups'; missing: Permission[] }

export function switchRefusal(realActorGroups: ReadonlyArray<string>, targetGroups: ReadonlyArray<string>): SwitchRefusal | null {
  if (!realActorGroups.includes('MANAGE_USERS')) return { kind: 'may-not-switch' }
  const missing = missingPermissions(realActorGroups, targetGroups)
  return missing.length > 0 ? { kind: 'more-groups', missing } : null
}
