import { crc32, deflateSync } from 'node:zlib'
import { asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { companyInfoEndpoint, type CompanyInfo } from '../../src/contract/companies'
import { companyEditEndpoint } from '../../src/contract/company-edit'
import { auditLog, companies, companyLines } from '../../src/server/db/schema/index'
import type { EndpointOptions, TestApi } from '../helpers/api'

// Shared by the company edit and logo tests: the multipart call, a document from company info,
// a fingerprint of everything an edit may change, and test images made here (no binary fixtures).
export const editPath = (id: number | string) => `/vue/company/${id}/edit/`

/** POST /vue/company/{id}/edit/ with a multipart form (editForm). */
export const editCompany = (api: TestApi, id: number | string, form: FormData, options: EndpointOptions = {}) =>
  api.upload(companyEditEndpoint, { id }, { form }, options)

export function editForm(document: unknown, logo?: { bytes: Uint8Array<ArrayBuffer> | string; name: string; type?: string }): FormData {
  const form = new FormData()
  form.set('document', typeof document === 'string' ? document : JSON.stringify(document))
  if (logo) form.set('logo', new File([logo.bytes], logo.name, { type: logo.type ?? '' }))
  return form
}

export async function info(api: TestApi, token: string, id: number, locale: 'de' | 'en' = 'en'): Promise<CompanyInfo> {
  const result = await api.call(companyInfoEndpoint, { id }, { token, locale })
  if (result.httpStatus !== 200) throw new Error(`info ${id}: ${result.httpStatus} ${result.messages.join(' ')}`)
  return result.data
}

/** The document my-company sends: the entity's editable fields as codes and ids. */
export function documentOf(company: CompanyInfo): Record<string, unknown> {
  return {
    name1: company.name1,
    name2: company.name2,
    address1: company.address1,
    address2: company.address2,
    zip: company.zip,
    city: company.city,
    country: company.country?.[0] ?? '',
    vat_number: company.vat_number,
    email: company.email,
    phone: company.phone,
    mobile: company.mobile,
  }
}

/** Everything an edit may change in one company, with the audit log's size. */
export async function companyState(api: TestApi, id: number): Promise<string> {
  const { db } = api.database
  const [row] = await db.select().from(companies).where(eq(companies.id, id))
  const lines = await db.select().from(companyLines).where(eq(companyLines.companyId, id)).orderBy(asc(companyLines.lineId))
  const [audit] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
  const logo = row?.logo ? Buffer.from(row.logo).toString('base64') : null
  return JSON.stringify({ row: { ...row, logo, createdAt: null }, lines, audit: audit?.count })
}

export async function png(width = 64, height = 48): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 1 } } })
    .png()
    .toBuffer()
  return new Uint8Array(bytes)
}

export async function webp(width = 40, height = 40): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer(),
  )
}

/** A JPEG carrying EXIF with a name, a copyright and a GPS position. */
export async function jpegWithExif(width = 80, height = 60): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#808000' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jane Secret-Photographer', Copyright: 'Secret Copyright Holder', ImageDescription: 'Secret description' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 10/1 0/1' },
    })
    .toBuffer()
  return new Uint8Array(bytes)
}

/** A tiny PNG whose header declares width × height: a decompression bomb's first bytes. */
export function bombPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  // One compressed row of zeros stands for the rest: a few hundred bytes that would inflate to gigabytes.
  const data = deflateSync(Buffer.alloc(width * 3 + 1), { level: 9 })
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]))
}

export const SVG_WITH_SCRIPT = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/></svg>`
