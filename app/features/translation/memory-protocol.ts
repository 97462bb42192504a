import { z } from 'zod'
import type { MemoryMatch, MemoryOrigin, MemoryTextKind } from '../../../src/domain/translation-memory'

// The messages between a translation screen and the translation memory's worker
// (memory.worker.ts, memory-client.ts). Each side parses what it receives with these schemas
// (parse at every edge, docs/architecture.md): a message that does not fit is dropped.

const textKind = z.enum(['vartext', 'system', 'catalogue', 'article_unit']) satisfies z.ZodType<MemoryTextKind>

const origin = z.object({
  kind: z.union([textKind, z.literal('shared')]),
  key: z.string(),
  edit: z.boolean().optional(),
  file: z.string().optional(),
}) satisfies z.ZodType<MemoryOrigin>

const match = z.object({ score: z.number(), source: z.string(), target: z.string(), origin, count: z.number() }) satisfies z.ZodType<MemoryMatch>

/** A piece of a match's source against the current source: kept, only in the match, only in the current. */
const diffPart = z.tuple([z.enum(['same', 'removed', 'added']), z.string()])
export type DiffPart = z.infer<typeof diffPart>

export type ShownMatch = MemoryMatch & { diff: DiffPart[] }

/** What a screen asks the memory for matches of. */
export const memoryQuery = z.object({ src: z.string(), dst: z.string(), source: z.string(), exclude: origin.nullable() })
export type MemoryQuery = z.infer<typeof memoryQuery>

const pair = { id: z.number(), src: z.string(), dst: z.string() }

export const toMemory = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), owner: z.string().nullable() }),
  z.object({ type: z.literal('owner'), owner: z.string().nullable() }),
  z.object({ type: z.literal('lookup'), ...pair, source: z.string(), exclude: origin.nullable() }),
  z.object({ type: z.literal('exact'), ...pair, kind: textKind, texts: z.array(z.object({ key: z.string(), source: z.string() })) }),
  z.object({ type: z.literal('concordance'), ...pair, needle: z.string() }),
])
export type ToMemory = z.infer<typeof toMemory>

const memoryStatus = z.object({
  /** Units in the memory. */
  units: z.number(),
  /** Whether texts are being read into it (after a start, a load or a save). */
  building: z.boolean(),
  /** How long the first build took, in ms (for bench/translation.ts); null before it ended. */
  firstBuildMs: z.number().nullable(),
})
export type MemoryStatus = z.infer<typeof memoryStatus>

export const fromMemory = z.discriminatedUnion('type', [
  memoryStatus.extend({ type: z.literal('status') }),
  z.object({ type: z.literal('matches'), id: z.number(), matches: z.array(match.extend({ diff: z.array(diffPart) })) }),
  z.object({ type: z.literal('exact'), id: z.number(), fills: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('concordance'), id: z.number(), hits: z.array(match.omit({ score: true })), total: z.number() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
])
export type FromMemory = z.infer<typeof fromMemory>
