import { eq } from 'drizzle-orm'
import { companyId } from '../../../contract/companies'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import { tokenFromHeader } from '../../auth/token.server'
import { companies } from '../../db/schema/index'
import { getDatabase } from '../../db/instance.server'
import { authenticate, requireScopedCompany } from '../../endpoint/access.server'
import { badRequest, notFound } from '../../endpoint/errors.server'
import { inEnvelope } from '../../http-api/dispatch.server'
import { logoVersion } from './logo-image.server'

// GET /company-logo/{id}: a company's logo, for <img> in the portal (the session cookie) and
// for API clients (Authorization header), with the same scope rules as company info: own
// company, or below it for dealer admins; 403 before the logo is looked up. The ?v= of the URL
// company info gives is the logo's version, so that URL may be kept for good; the plain URL is
// revalidated with its ETag. Failures are the API's envelope.

/** Kept a year by the browser only (private): a new logo has a new version and URL. */
const VERSIONED = 'private, max-age=31536000, immutable'
const REVALIDATED = 'private, no-cache'

// inEnvelope adds the API's headers too: nosniff, and a policy under which an image opened as
// a document (the seed's logos are SVG) can run and load nothing.
const IMAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
  Vary: 'Authorization, Cookie',
}

export type LogoRequest = { request: Request; id: string; cookieToken: string | null; locale: Locale }

export async function answerCompanyLogo({ request, id, cookieToken, locale }: LogoRequest): Promise<Response> {
  return inEnvelope(request, locale, async () => {
    const nowMs = Date.now()
    const { db } = await getDatabase()
    const token = tokenFromHeader(request.headers.get('authorization')) ?? cookieToken
    const caller = await authenticate(db, { kind: 'authenticated' }, token, nowMs)
    const parsed = companyId.safeParse(id)
    if (!parsed.success) throw badRequest((l) => m.validation_invalid({ field: m.field_id({}, { locale: l }) }, { locale: l }))
    const company = await requireScopedCompany(db, caller, parsed.data, nowMs)
    const [row] = await db.select({ logo: companies.logo, mime: companies.logoMime }).from(companies).where(eq(companies.id, company.id))
    if (!row?.logo || !row.mime) throw notFound((l) => m.logo_not_found({}, { locale: l }))
    const version = logoVersion(row.logo)
    const etag = `"${version}"`
    const cacheControl = new URL(request.url).searchParams.get('v') === version ? VERSIONED : REVALIDATED
    const headers = { ...IMAGE_HEADERS, ETag: etag, 'Cache-Control': cacheControl }
    if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    const extension = row.mime.split('/')[1]?.replace('svg+xml', 'svg') ?? 'bin'
    return new Response(Buffer.from(row.logo), {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': row.mime,
        'Content-Length': String(row.logo.byteLength),
        'Content-Disposition': `inline; filename="logo-${company.id}.${extension}"`,
      },
    })
  })
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
