import { firstInvalidUtf8 } from '../../../domain/utf8-bytes'
import { m } from '../../../paraglide/messages'
import type { LocalizedText } from '../../endpoint/errors.server'

// The bytes of an imported XML file as text, in the encoding it declares (XML 1.0 section 4.3.3
// and appendix F): a byte order mark first, else the encoding of the XML declaration, else
// UTF-8. Bytes that are not valid in that encoding, and characters XML does not allow, refuse
// the file naming the line; nothing is replaced silently. docs/decisions/013.

type Decoded = { ok: true; text: string } | { ok: false; problem: LocalizedText }

// Declared names → WHATWG decoder labels. ISO-8859-1 (and ASCII) are read as their superset
// Windows-1252, as browsers do: a € that Windows tools write into a "Latin-1" file comes through.
const DECODERS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'iso-8859-1': 'windows-1252',
  iso8859_1: 'windows-1252',
  'iso_8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  'iso8859-15': 'iso-8859-15',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
}
const UTF16 = new Set(['utf-16', 'utf16', 'utf-16le', 'utf-16be', 'ucs-2', 'iso-10646-ucs-2'])

const DECLARATION = /^<\?xml[ \t\r\n][^>]*?encoding[ \t\r\n]*=[ \t\r\n]*(["'])([^"'<>]{1,60})\1/

export function decodeXml(bytes: Uint8Array): Decoded {
  const bom = byteOrderMark(bytes)
  if (bom) {
    const text = decodeStrict(bom.encoding, bytes.subarray(bom.length))
    if (!text.ok) return text
    const declared = DECLARATION.exec(text.text)?.[2]
    const fits = declared === undefined || (bom.encoding === 'utf-8' ? DECODERS[declared.toLowerCase()] === 'utf-8' : UTF16.has(declared.toLowerCase()))
    if (!fits) {
      const found = bom.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'
      return refuse((locale) => m.translation_import_encoding_mismatch({ encoding: declared, bom: found }, { locale }))
    }
    return allowedCharacters(text.text)
  }
  if (looksLikeUtf16(bytes)) return refuse((locale) => m.translation_import_utf16_no_bom({ encoding: 'UTF-16' }, { locale }))
  // Without a byte order mark the declaration is in ASCII, which every supported encoding shares.
  const declared = DECLARATION.exec(Buffer.from(bytes.subarray(0, 1024)).toString('latin1'))?.[2]
  const name = declared?.toLowerCase() ?? 'utf-8'
  if (declared !== undefined && UTF16.has(name)) return refuse((locale) => m.translation_import_utf16_no_bom({ encoding: declared }, { locale }))
  const decoder = DECODERS[name]
  if (decoder === undefined) return refuse((locale) => m.translation_import_encoding_unsupported({ encoding: declared ?? name }, { locale }))
  const text = decodeStrict(decoder, bytes)
  return text.ok ? allowedCharacters(text.text) : text
}

/** "<?" as UTF-16 without a byte order mark (XML 1.0 appendix F). */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const start = [...bytes.subarray(0, 4)].join(',')
  return start === '60,0,63,0' || start === '0,60,0,63'
}

function byteOrderMark(bytes: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 }
  return null
}

/** Decodes without replacement characters; the single-byte encodings map every byte. */
function decodeStrict(encoding: string, bytes: Uint8Array): Decoded {
  try {
    return { ok: true, text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes) }
  } catch {
    const at = encoding === 'utf-8' ? firstInvalidUtf8At(bytes) : firstInvalidUtf16(bytes, encoding === 'utf-16le')
    // The bytes before the fault are valid; in UTF-8 a line break is always the byte itself.
    const before = bytes.subarray(0, at.offset)
    const line = lineAt(encoding === 'utf-8' ? Buffer.from(before).toString('latin1') : new TextDecoder(encoding).decode(before))
    const name = encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'
    const found = at.found
    return refuse((locale) => m.translation_import_invalid_bytes({ line, encoding: name, found }, { locale }))
  }
}

// The characters XML 1.0 and 1.1 both forbid in a document (1.1 allows some only as references).
// One regular expression scans a 16 MB file in ≈ 15 ms; a loop over its code units took ≈ 80 ms
// of the thread that answers everyone's requests (decision 033).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/

/** Refuses the first forbidden character, naming its line. */
function allowedCharacters(text: string): Decoded {
  const found = FORBIDDEN.exec(text)
  if (!found) return { ok: true, text }
  const line = lineAt(text.slice(0, found.index))
  const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  return refuse((locale) => m.translation_import_control_char({ line, code }, { locale }))
}

function refuse(problem: LocalizedText): Decoded {
  return { ok: false, problem }
}

/** The line (from 1) that text before a position ends on; CR LF, CR and LF each end a line, as in XML. */
function lineAt(before: string): number {
  return (before.match(/\r\n|\r|\n/g)?.length ?? 0) + 1
}

const hex = (value: number, digits: number) => `0x${value.toString(16).toUpperCase().padStart(digits, '0')}`

/** The first byte that starts no valid UTF-8 sequence. */
function firstInvalidUtf8At(bytes: Uint8Array): { offset: number; found: string } {
  const offset = firstInvalidUtf8(bytes)
  return offset === -1 ? { offset: bytes.length, found: 'end' } : { offset, found: hex(bytes[offset]!, 2) }
}

/** The first unpaired surrogate, or an odd last byte. */
function firstInvalidUtf16(bytes: Uint8Array, littleEndian: boolean): { offset: number; found: string } {
  const unit = (at: number) => (littleEndian ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!)
  let i = 0
  while (i + 1 < bytes.length) {
    const code = unit(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 3 < bytes.length && unit(i + 2) >= 0xdc00 && unit(i + 2) <= 0xdfff) i += 4
    else if (code >= 0xd800 && code <= 0xdfff) return { offset: i, found: hex(code, 4) }
    else i += 2
  }
  return { offset: i, found: hex(bytes[i] ?? 0, 2) }
}
