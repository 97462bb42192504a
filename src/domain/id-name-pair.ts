import { z } from 'zod'

// A pair as the legacy API sends it, [id, label] (src/contract/envelope.ts pair), built from
// database values: checked to be a number and a string, not cast (parse at every edge,
// docs/architecture.md). A null name from an outer join is a bug and throws here.
const idAndName = z.tuple([z.number(), z.string()])

export function pair(id: unknown, name: unknown): [number, string] {
  return idAndName.parse([id, name])
}
