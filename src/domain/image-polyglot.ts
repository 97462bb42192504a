import type { RasterFormat } from './image-header'

// A polyglot is one file that is two things: an image that is also an HTML page or a script (a
// browser that sniffs it, or a page that includes it, runs it), or also a ZIP archive (a JAR, an
// Office file). A logo is re-encoded from its pixels, so the stored logo is never one — but such
// an upload is refused (decision 028): it was made to be something else, and the person sending it
// should hear so rather than have it quietly cleaned.
export type Polyglot = 'markup' | 'zip' | 'trailing-data'

// Markup a browser would run, each with the character after the tag name, so that compressed
// pixel data matches by chance about once in ten thousand megabytes. XMP metadata (<x:xmpmeta>,
// <rdf:RDF>) is not among them. Searched in the bytes read as single-byte text.
const MARKUP = /<(?:script|html|body|iframe|svg|object|embed)[\s/>]|<!doctype\s+html|<\?php\s|javascript:|\bon(?:load|error)\s*=/i

/** What else the file is besides an image of `format`, or null. */
export function findPolyglot(bytes: Uint8Array, format: RasterFormat): Polyglot | null {
  if (isZip(bytes)) return 'zip'
  if (MARKUP.test(new TextDecoder('windows-1252').decode(bytes))) return 'markup'
  // PNG and WebP writers end where the format says; JPEG from phones often carries a vendor
  // trailer after its end (Samsung, motion photos), which is not refused for that alone.
  const end = format === 'png' ? pngEnd(bytes) : format === 'webp' ? webpEnd(bytes) : null
  return end !== null && end < bytes.length ? 'trailing-data' : null
}

/** A ZIP reader starts at the end-of-central-directory record, whose comment runs to the file's end. */
function isZip(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) {
      if (at + 22 + (bytes[at + 20]! | (bytes[at + 21]! << 8)) === bytes.length) return true
    }
  }
  return false
}

/** Where the IEND chunk ends (chunks: length, type, data, CRC), or null if the walk does not reach it. */
function pngEnd(bytes: Uint8Array): number | null {
  let offset = 8
  while (offset + 12 <= bytes.length) {
    const length = ((bytes[offset]! << 24) >>> 0) + ((bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!)
    const end = offset + 12 + length
    if (String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === 'IEND') return end
    offset = end
  }
  return null
}

/** The RIFF container's end: its size field counts everything after the first 8 bytes. */
function webpEnd(bytes: Uint8Array): number | null {
  if (bytes.length < 12) return null
  return 8 + (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16)) + bytes[7]! * 0x1000000
}
