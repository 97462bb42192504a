import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { appConfig } from '../../../../app.config'
import { RASTER_MIME, sniffImage, type RasterFormat } from '../../../domain/image-header'
import { findPolyglot, type Polyglot } from '../../../domain/image-polyglot'
import { m } from '../../../paraglide/messages'
import type { Locale } from '../../../contract/envelope'
import { fieldRefusal } from './edit-problems.server'

// A logo is kept only as a raster image that we encoded ourselves (decision 028): the content
// decides the type (never the name or the declared type), the header's pixel count and the
// memory its decoder needs are capped before anything is decoded, a file that is also something
// else (HTML, script, a ZIP) is refused, and the image is decoded and written anew — EXIF, GPS,
// XMP, ICC and comments stay behind.

/** The longest side a stored logo keeps (it is shown small; twice that for sharp screens). */
export const LOGO_MAX_SIDE = 512

// libvips: no operation cache (each logo is decoded once), one thread per decode.
sharp.cache(false)
sharp.concurrency(1)

export type Logo = { bytes: Buffer; mime: string }

const POLYGLOT_TEXT: Record<Polyglot, typeof m.logo_polyglot_markup> = {
  markup: m.logo_polyglot_markup,
  zip: m.logo_polyglot_zip,
  'trailing-data': m.logo_trailing_data,
}

/** The logo as it is kept, or a refusal on the `logo` field: 413 for its size, 400 otherwise. */
export async function normalizeLogo(upload: Uint8Array, locale: Locale): Promise<Logo> {
  const limit = appConfig.limits.logoBytes
  if (upload.byteLength > limit) {
    const sizes = (l: Locale) => ({ size: megabytes(upload.byteLength, l), limit: megabytes(limit, l) })
    throw fieldRefusal(413, 'logo', (l) => m.logo_too_big(sizes(l), { locale: l }), locale)
  }
  const sniffed = sniffImage(upload)
  if (sniffed.kind === 'svg') throw fieldRefusal(400, 'logo', (l) => m.logo_svg_refused({}, { locale: l }), locale)
  if (sniffed.kind === 'unknown') throw fieldRefusal(400, 'logo', (l) => m.logo_not_image({}, { locale: l }), locale)
  if (sniffed.kind === 'broken') throw fieldRefusal(400, 'logo', (l) => m.logo_broken({}, { locale: l }), locale)
  const { format, width, height, decodeBytes } = sniffed
  if (width * height > appConfig.limits.logoPixels) {
    const size = { width: String(width), height: String(height), max: String(Math.round(appConfig.limits.logoPixels / 1_000_000)) }
    throw fieldRefusal(400, 'logo', (l) => m.logo_too_many_pixels(size, { locale: l }), locale)
  }
  // Pixels alone do not bound the decoder's memory: how the image is stored does (decision 028).
  if (decodeBytes > appConfig.limits.logoDecodeBytes) {
    const cost = (l: Locale) => ({
      width: String(width),
      height: String(height),
      size: megabytes(decodeBytes, l),
      max: megabytes(appConfig.limits.logoDecodeBytes, l),
    })
    throw fieldRefusal(400, 'logo', (l) => m.logo_too_costly(cost(l), { locale: l }), locale)
  }
  const polyglot = findPolyglot(upload, format)
  if (polyglot) throw fieldRefusal(400, 'logo', (l) => POLYGLOT_TEXT[polyglot]({}, { locale: l }), locale)
  try {
    return { bytes: await reencode(upload, format), mime: RASTER_MIME[format] }
  } catch {
    // The header looked right but the pixels do not decode (cut short, corrupt, or a format
    // the header lied about): the same answer as any other file that is not an image.
    throw fieldRefusal(400, 'logo', (l) => m.logo_broken({}, { locale: l }), locale)
  }
}

async function reencode(upload: Uint8Array, format: RasterFormat): Promise<Buffer> {
  // limitInputPixels guards again inside libvips; failOn 'error' refuses truncated data;
  // only the first frame of an animation is read.
  const image = sharp(upload, { limitInputPixels: appConfig.limits.logoPixels, failOn: 'error', animated: false, pages: 1 })
  const metadata = await image.metadata()
  if (metadata.format !== format) throw new Error(`header says ${format}, decoder says ${metadata.format}`)
  // rotate() turns the pixels as EXIF says before EXIF goes; no withMetadata(): nothing is copied.
  const pipeline = image.rotate().resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: 10 })
  if (format === 'png') return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
  if (format === 'jpeg') return pipeline.jpeg({ quality: 86, mozjpeg: true }).toBuffer()
  return pipeline.webp({ quality: 86 }).toBuffer()
}

/** The logo's version: part of its URL and its ETag, so a new logo is a new URL. */
export function logoVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 16)
}

/** The stable URL of a company's logo (the version makes it cacheable for good). */
export function logoUrl(companyId: number, version: string): string {
  return `/company-logo/${companyId}?v=${version}`
}

/** Megabytes with two decimals, as the form shows them. */
function megabytes(bytes: number, locale: Locale): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1_048_576)} MB`
}
