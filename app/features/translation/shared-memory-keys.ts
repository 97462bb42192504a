// The team's shared memory in the local store (docs/decisions/049, "TMX and the shared memory"),
// without the store itself: units of imported TMX files as the server pages them, kept per pair
// of languages the desk asked for, and how far each pair was read.

/** A unit of the shared memory, kept for the pair src → dst. */
export type SharedMemoryRow = { src: string; dst: string; id: number; source: string; target: string; origin: string }

/** How far the pair's units were read (the server's `after` of the next page), and when. */
export type SharedMemoryLoadRow = { pair: string; src: string; dst: string; after: number; loadedAt: number }

export const sharedMemoryPair = (src: string, dst: string) => `${src}|${dst}`
