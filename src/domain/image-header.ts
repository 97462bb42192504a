// What a file is, told by its first bytes and never by its name or declared type, and the
// pixel size its header declares — read before anything is decoded, so a tiny file that
// declares a huge image (a decompression bomb) is refused without allocating a pixel.
export const RASTER_FORMATS = ['png', 'jpeg', 'webp'] as const
export type RasterFormat = (typeof RASTER_FORMATS)[number]

export const RASTER_MIME: Record<RasterFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }

export type SniffedImage =
  | { kind: 'raster'; format: RasterFormat; width: number; height: number }
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

type Size = { width: number; height: number } | null

function orBroken(format: RasterFormat, size: Size): SniffedImage {
  return size && size.width > 0 && size.height > 0 ? { kind: 'raster', format, ...size } : { kind: 'broken', format }
}

// PNG: the first chunk must be IHDR, its data starts with width and height (big-endian).
function pngSize(bytes: Uint8Array): Size {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null
  return { width: uint32be(bytes, 16), height: uint32be(bytes, 20) }
}

// JPEG: walk the marker segments up to the first start-of-frame, which holds the size.
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

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
      if (offset + 9 > bytes.length) return null
      return { height: uint16be(bytes, offset + 5), width: uint16be(bytes, offset + 7) }
    }
    offset += 2 + length
  }
  return null
}

// WebP: the first chunk is VP8X (extended: canvas size), VP8L (lossless) or VP8 (lossy).
function webpSize(bytes: Uint8Array): Size {
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X' && bytes.length >= 30) return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff }
  }
  return null
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
const uint32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!)
