import { createFileRoute } from '@tanstack/react-router'
import { companyEditEndpoint } from '../../../src/contract/company-edit'
import type { AnyEndpoint } from '../../../src/contract/endpoint'
import { priceUploadEndpoint } from '../../../src/contract/price-upload'
import { vartextXmlEndpoint } from '../../../src/contract/translation'
import { tmxImportEndpoint } from '../../../src/contract/tmx'
import { answerUpload } from '../../../src/server/http-api/upload.server'
import { callContext } from '../../request/session-cookies.server'

// Browser uploads: the page's session becomes the call's token; the body streams through.
// An endpoint's path parameters come in the query (/upload/company-edit?id=5).
const UPLOADS = new Map<string, AnyEndpoint>([
  ['prices', priceUploadEndpoint],
  ['vartext', vartextXmlEndpoint],
  ['tmx', tmxImportEndpoint],
  ['company-edit', companyEditEndpoint],
])

export const Route = createFileRoute('/upload/$kind')({
  server: {
    handlers: {
      POST: ({ request, params }) => {
        const endpoint = UPLOADS.get(params.kind)
        return answerUpload(endpoint, request, callContext(), endpoint ? pathParams(endpoint, new URL(request.url)) : {})
      },
    },
  },
})

function pathParams(endpoint: AnyEndpoint, url: URL): Record<string, string> {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? '']))
}
