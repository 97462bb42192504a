import type { TextsData } from '../../../src/contract/translation'
import type { Scope } from './local-keys'
import type { FetchResult } from './use-kept-document'

/**
 * Reads the texts answer of a scope (raw-answer-parse.ts). The schemas and zod load with the
 * answer, not with the desk's first paint (decision 035's page weight): the fetch is under way
 * by then, so the part arrives beside it.
 */
export async function readTextsAnswer(response: Response, scope: Scope): Promise<FetchResult<TextsData>> {
  const { readRawAnswer } = await import('./raw-answer-parse')
  const { systemTextsEndpoint, vartextTextsEndpoint } = await import('../../../src/contract/translation')
  return readRawAnswer(response, scope === 'vartext' ? vartextTextsEndpoint.data : systemTextsEndpoint.data)
}
