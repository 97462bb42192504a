import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { glossaryCreateEndpoint, glossaryDeleteEndpoint, glossaryUpdateEndpoint } from '../../../src/contract/glossary'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The glossary screen's changes (docs/decisions/038-translation-history-and-glossary.md), one
// server function per /vue/ endpoint: the browser has no token, so they go with the session's
// (docs/decisions/004-passwords-and-tokens.md). The list is glossary-list.functions.ts, which only
// the loading (glossary-sync.ts) uses.
export const createGlossaryTermFn = createServerFn(fnMethod<typeof glossaryCreateEndpoint>('POST'))
  .validator(fnInput(glossaryCreateEndpoint))
  .handler(fnAnswer(glossaryCreateEndpoint))
export const updateGlossaryTermFn = createServerFn(fnMethod<typeof glossaryUpdateEndpoint>('POST'))
  .validator(fnInput(glossaryUpdateEndpoint))
  .handler(fnAnswer(glossaryUpdateEndpoint))
export const deleteGlossaryTermFn = createServerFn(fnMethod<typeof glossaryDeleteEndpoint>('POST'))
  .validator(fnInput(glossaryDeleteEndpoint))
  .handler(fnAnswer(glossaryDeleteEndpoint))
