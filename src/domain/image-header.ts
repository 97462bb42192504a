// What a file is, told by its first bytes and never by its name or declared type, the pixel
// size its header declares, and the memory its decoder would hold at once — read before anything
// is decoded, so a tiny file that declares a huge image (a decompression bomb) is refused without
// allocating a pixel.
export const RASTER_FORMATS = ['png', 'jpeg', 'webp'] as const
export type RasterFormat = (typeof RASTER_FORMATS)[number]

export const RASTER_MIME: Record<RasterFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }

export type SniffedImage =
  /**
   * decodeBytes: what the decoder holds at once for this image (decision 028), by what the header
   * says about how it is stored. Formats libvips decodes shrunk or a strip at a time count 0;
   * whole-image decodes count their buffer: an interlaced or 16-bit PNG's pixels, a progressive
   * JPEG's coefficients (2 bytes a sample), a lossless WebP's ARGB.
   */
  | { kind: 'raster'; format: RasterFormat; width: number; height: number; decodeBytes: number }
  /** A known raster signature whose header is cut short or makes no sense. */
  | { kind: 'broken'; format: RasterFormat }
  | { kind: 'svg' }
  | { kind: 'unknown' }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function sniffImage(bytes: Uint8Array): SniffedImage {
  if (startsWith(bytes, PNG_SIGNATURE)) return orBroken('png', pngSize(bytes))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return orBroken('jpeg', jpegSize(bytes))
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return orBroken('webp', webpSize(bytes))
  return looksLikeSvg(bytes) ? { kind: 'svg' } : { kind: 'unknown' }
}

type Size = { width: number; height: number; decodeBytes: number } | null

function orBroken(format: RasterFormat, size: Size): SniffedImage {
  return size && size.width > 0 && size.height > 0 ? { kind: 'raster', format, ...size } : { kind: 'broken', format }
}

// PNG: the first chunk must be IHDR: width, height (big-endian), bit depth, colour type, …,
// interlace. Any PNG counts its full pixels: libvips holds an interlaced one whole, and a
// sequential one cost up to ≈ 0.85 of that through the resize (measured; decision 028).
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 } // a palette becomes RGB(A)

function pngSize(bytes: Uint8Array): Size {
  if (bytes.length < 29 || ascii(bytes, 12, 4) !== 'IHDR') return null
  const width = uint32be(bytes, 16)
  const height = uint32be(bytes, 20)
  const channels = PNG_CHANNELS[bytes[25]!] ?? 4
  return { width, height, decodeBytes: width * height * channels * (bytes[24] === 16 ? 2 : 1) }
}

// JPEG: walk the marker segments up to the first start-of-frame, which holds the size.
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
// Sequential DCT frames are decoded at 1/8 scale when shrunk, a strip at a time: nothing to count.
const SEQUENTIAL_DCT = new Set([0xc0, 0xc1, 0xc9])

function jpegSize(bytes: Uint8Array): Size {
  let offset = 2
  while (offset + 3 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]!
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      offset += 1
      continue
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2
      continue
    }
    // Start of scan or end of image before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return null
    const length = uint16be(bytes, offset + 2)
    if (length < 2) return null
    if (START_OF_FRAME.has(marker)) {
      if (offset + 10 > bytes.length) return null
      const height = uint16be(bytes, offset + 5)
      const width = uint16be(bytes, offset + 7)
      return { height, width, decodeBytes: SEQUENTIAL_DCT.has(marker) ? 0 : jpegCoefficientBytes(bytes, offset, width, height) }
    }
    offset += 2 + length
  }
  return null
}

/**
 * A progressive (or lossless, hierarchical) JPEG is decoded whole: libjpeg keeps every
 * component's DCT coefficients, 2 bytes a sample, at the component's sampling (4:2:0 colour is
 * 3 bytes a pixel, 4:4:4 is 6, CMYK 8). Unreadable component data counts 4 samples a pixel.
 */
function jpegCoefficientBytes(bytes: Uint8Array, frame: number, width: number, height: number): number {
  const count = bytes[frame + 9]!
  const components = Array.from({ length: count }, (_, i) => bytes[frame + 11 + 3 * i])
  if (count === 0 || components.some((sampling) => sampling === undefined)) return width * height * 4 * 2
  const h = components.map((sampling) => Math.max(1, sampling! >> 4))
  const v = components.map((sampling) => Math.max(1, sampling! & 0x0f))
  const hMax = Math.max(...h)
  const vMax = Math.max(...v)
  const samples = h.reduce((sum, hc, i) => sum + Math.ceil((width * hc) / hMax) * Math.ceil((height * v[i]!) / vMax), 0)
  return samples * 2
}

// WebP: the first chunk is VP8X (extended: canvas size), VP8L (lossless) or VP8 (lossy). Lossy
// frames are decoded shrunk; a lossless one (or an animation's canvas) is held whole as ARGB.
function webpSize(bytes: Uint8Array): Size {
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const width = uint24le(bytes, 24) + 1
    const height = uint24le(bytes, 27) + 1
    const animated = (bytes[20]! & 0x02) !== 0
    return { width, height, decodeBytes: animated || webpHasChunk(bytes, 'VP8L') ? width * height * 4 : 0 }
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)
    const width = (bits & 0x3fff) + 1
    const height = ((bits >>> 14) & 0x3fff) + 1
    return { width, height, decodeBytes: width * height * 4 }
  }
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff, decodeBytes: 0 }
  }
  return null
}

/** Whether a chunk of this type follows the VP8X header (chunks: type, size little-endian, data padded to even). */
function webpHasChunk(bytes: Uint8Array, type: string): boolean {
  for (let offset = 12; offset + 8 <= bytes.length;) {
    if (ascii(bytes, offset, 4) === type) return true
    const size = uint32le(bytes, offset + 4)
    offset += 8 + size + (size % 2)
  }
  return false
}

// SVG is text: markup (after an optional byte-order mark, XML declaration, comments or a
// doctype) with an <svg element near the start. It is refused, with or without script.
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart()
  return head.startsWith('<') && /<svg[\s>/]/i.test(head)
}

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number>): boolean {
  return signature.every((byte, index) => bytes[index] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset + length > bytes.length) return ''
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

const uint16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!
const uint16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8)
const uint24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
const uint32le = (bytes: Uint8Array, at: number) => uint24le(bytes, at) + bytes[at + 3]! * 0x1000000
const uint32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!)
