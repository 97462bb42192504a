import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { sniffImage } from '../../src/domain/image-header'

// The header reader that decides a logo's type and pixel count before anything is decoded:
// checked against images libvips writes, in every variant of each format.
const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })

describe('sniffImage', () => {
  it.each([
    ['PNG', () => canvas(321, 123).png(), 'png', 321 * 123 * 4],
    ['baseline JPEG', () => canvas(321, 123).jpeg(), 'jpeg', 0],
    // Progressive: every coefficient kept, 2 bytes each; 4:2:0 has a full luma and two quarter chroma planes.
    ['progressive JPEG', () => canvas(321, 123).jpeg({ progressive: true }), 'jpeg', (321 * 123 + 2 * 161 * 62) * 2],
    [
      'JPEG with EXIF before the frame',
      () =>
        canvas(321, 123)
          .jpeg()
          .withExif({ IFD0: { Artist: 'x'.repeat(2000) } }),
      'jpeg',
      0,
    ],
    ['lossy WebP (VP8)', () => sharp({ create: { width: 321, height: 123, channels: 3, background: '#abc' } }).webp(), 'webp', 0],
    ['lossless WebP (VP8L)', () => canvas(321, 123).webp({ lossless: true }), 'webp', 321 * 123 * 4],
    ['WebP with alpha (VP8X)', () => canvas(321, 123).webp({ quality: 50 }), 'webp', 0],
    ['lossless WebP with alpha (VP8X)', () => canvas(321, 123).webp({ lossless: true, exact: true }).withMetadata(), 'webp', 321 * 123 * 4],
  ])('reads the size of a %s and what decoding it holds at once', async (_, make, format, decodeBytes) => {
    const bytes = new Uint8Array(await make().toBuffer())
    expect(sniffImage(bytes)).toEqual({ kind: 'raster', format, width: 321, height: 123, decodeBytes })
  })

  it('tells SVG, with or without an XML declaration', () => {
    const encode = (text: string) => new TextEncoder().encode(text)
    expect(sniffImage(encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ kind: 'svg' })
    expect(sniffImage(encode('<?xml version="1.0"?>\n<!-- x -->\n<SVG width="1">'))).toEqual({ kind: 'svg' })
    expect(sniffImage(encode('<html><body>hello</body></html>'))).toEqual({ kind: 'unknown' })
  })

  it('calls a known signature with a header cut short broken, and anything else unknown', async () => {
    const png = new Uint8Array(await canvas(10, 10).png().toBuffer())
    expect(sniffImage(png.slice(0, 20))).toEqual({ kind: 'broken', format: 'png' })
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toEqual({ kind: 'broken', format: 'jpeg' })
    expect(sniffImage(new TextEncoder().encode('RIFF\x00\x00\x00\x00WEBPVP8 '))).toEqual({ kind: 'broken', format: 'webp' })
    expect(sniffImage(new Uint8Array([]))).toEqual({ kind: 'unknown' })
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toEqual({ kind: 'unknown' })
  })
})
