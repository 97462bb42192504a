import { endpointUrl, type AnyEndpoint } from '../../contract/endpoint'
import { m } from '../../paraglide/messages'
import { allImplementations } from '../endpoint/registry.server'
import { forbidden, notFound } from '../endpoint/errors.server'
import { env } from '../env.server'
import { answerEndpoint, inEnvelope } from './dispatch.server'
import { originOf } from './forwarded.server'
import { sendUploadRemote, type CallContext } from './remote.server'

// Browser uploads (files-upload screen) take the UI's call path with a streamed body: the
// page's session token and language, in-process straight to the endpoint's frame, or in
// remote mode over HTTP with the same headers as every other call. Only same-origin requests
// are taken: the cookie alone must not let another site upload.
// `params` fills the endpoint's path ({id} of a company's logo upload).
export async function answerUpload(
  endpoint: AnyEndpoint | undefined,
  request: Request,
  context: CallContext,
  params: Record<string, string> = {},
): Promise<Response> {
  return inEnvelope(request, context.locale, async () => {
    const path = new URL(request.url).pathname
    if (!endpoint?.multipart) throw notFound((locale) => m.error_not_found_endpoint({ method: request.method, path }, { locale }))
    const sameOrigin = request.headers.get('origin') === originOf(request, env().TRUST_PROXY) || request.headers.get('sec-fetch-site') === 'same-origin'
    if (!sameOrigin) throw forbidden((locale) => m.error_forbidden({}, { locale }))
    const backendUrl = env().VUE_BACKEND_URL
    if (backendUrl) return sendUploadRemote(endpointUrl(endpoint.path, params), request, context, backendUrl)
    const implementation = allImplementations.find((candidate) => candidate.endpoint.id === endpoint.id)
    if (!implementation) throw new Error(`no implementation of ${endpoint.id} in the registry`)
    return answerEndpoint(implementation, request, params, { clientAddress: context.clientAddress, token: context.token, locale: context.locale })
  })
}
