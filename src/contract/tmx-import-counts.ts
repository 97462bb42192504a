import { z } from 'zod'

// What a TMX import answers (the data of tmx.ts's tmxImportEndpoint). A module of its own so the
// browser's import reads its answer without the other TMX endpoints and their parameter schemas
// (decision 035: what a lazy part imports should not split modules off the first loads).
export const tmxImportCounts = z.object({
  origin: z.string(),
  // Units stored, units the memory had already, units without a pair of portal languages.
  added: z.number().int(),
  known: z.number().int(),
  ignored: z.number().int(),
  // The language pairs found, as "src → dst" codes of the portal.
  pairs: z.array(z.tuple([z.string(), z.string()])),
})
