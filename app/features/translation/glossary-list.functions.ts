import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { glossaryListEndpoint } from '../../../src/contract/glossary'
import { fnAnswer } from '../../request/endpoint-fn.server'

// GET /vue/i18n/glossary/ with the session's token, for glossary-sync.ts: a
// file of its own, so the script that loads the glossary and the glossary screen's own script
// each hold their calls (one script fewer for every page to name).
export const loadGlossaryFn = createServerFn(fnMethod<typeof glossaryListEndpoint>('GET'))
  .validator(fnInput(glossaryListEndpoint))
  .handler(fnAnswer(glossaryListEndpoint))
