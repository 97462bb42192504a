import { createFileRoute } from '@tanstack/react-router'
import type { AnyEndpoint } from '../../../src/contract/endpoint'
import { priceUploadEndpoint } from '../../../src/contract/price-upload'
import { vartextXmlEndpoint } from '../../../src/contract/translation'
import { answerUpload } from '../../../src/server/vue/upload.server'
import { callContext } from '../../request/request-context.server'

// Browser uploads: the page's session becomes the call's token; the body streams through.
const UPLOADS = new Map<string, AnyEndpoint>([
  ['prices', priceUploadEndpoint],
  ['vartext', vartextXmlEndpoint],
])

export const Route = createFileRoute('/upload/$kind')({
  server: { handlers: { POST: ({ request, params }) => answerUpload(UPLOADS.get(params.kind), request, callContext()) } },
})
