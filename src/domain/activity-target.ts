// The target of an activity trail row (decision 053): the kind of record and its id, as the
// handlers note it and as the screens link to the trail filtered to that record.
export const ACTIVITY_TARGET_KINDS = ['company', 'delivery_address', 'user'] as const
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number]

/** The most a target may hold: the longest is a sign-in's e-mail address (254). */
export const ACTIVITY_TARGET_MAX = 254

export function activityTarget(kind: ActivityTargetKind, id: number): string {
  return `${kind} ${id}`
}
