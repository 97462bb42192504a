import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { tmxExportEndpoint } from '../../../src/contract/tmx'
import { fnAnswer } from '../../request/endpoint-fn.server'

// GET /vue/i18n/tmx/ with the session's token, for the TMX export (tmx-ui.tsx, loaded on the
// first click). The import is an upload with progress (/upload/tmx). docs/decisions/049.
export const exportTmxFn = createServerFn(fnMethod<typeof tmxExportEndpoint>('GET')).validator(fnInput(tmxExportEndpoint)).handler(fnAnswer(tmxExportEndpoint))
