import type { MemoryMatch, MemoryOrigin, MemoryTextKind } from '../../../src/domain/translation-memory'

// The messages between a translation screen and the translation memory's worker
// (memory.worker.ts, memory-client.ts).

/** A piece of a match's source against the current source: kept, only in the match, only in the current. */
export type DiffPart = ['same' | 'removed' | 'added', string]

export type ShownMatch = MemoryMatch & { diff: DiffPart[] }

export type ToMemory =
  | { type: 'start'; owner: string | null }
  | { type: 'owner'; owner: string | null }
  | { type: 'lookup'; id: number; src: string; dst: string; source: string; exclude: MemoryOrigin | null }
  | { type: 'exact'; id: number; src: string; dst: string; kind: MemoryTextKind; texts: Array<{ key: string; source: string }> }
  | { type: 'concordance'; id: number; src: string; dst: string; needle: string }

export type MemoryStatus = {
  /** Units in the memory. */
  units: number
  /** Whether texts are being read into it (after a start, a load or a save). */
  building: boolean
  /** How long the first build took, in ms (for bench/translation.ts); null before it ended. */
  firstBuildMs: number | null
}

export type FromMemory =
  | ({ type: 'status' } & MemoryStatus)
  | { type: 'matches'; id: number; matches: ShownMatch[] }
  | { type: 'exact'; id: number; fills: Record<string, string> }
  | { type: 'concordance'; id: number; hits: Array<Omit<MemoryMatch, 'score'>>; total: number }
  | { type: 'failed'; message: string }
