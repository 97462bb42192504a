import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvEncodingCheck } from '../../src/server/services/prices/csv-encoding-check.server'

// The encoding of a price list from its bytes in chunks: UTF-8, Windows-1252, or refused as
// mixed — the same verdict wherever the chunks are cut.
function verdict(bytes: Buffer, chunk: number) {
  const check = new CsvEncodingCheck()
  for (let position = 0; position < bytes.length; position += chunk) check.see(bytes.subarray(position, position + chunk), position)
  return { ...check.verdict(), bomInsideAt: check.bomInsideAt }
}

const utf8 = (text: string) => Buffer.from(text, 'utf8')
const latin1 = (text: string) => Buffer.from(text, 'latin1')

describe('the encoding of a price list', () => {
  it.each([1, 2, 3, 5, 1 << 20])('is found alike in chunks of %i bytes', (chunk) => {
    expect(verdict(utf8('a;b\nTÜR;ß;€\n'), chunk)).toEqual({ kind: 'utf-8', bomInsideAt: null })
    expect(verdict(latin1('a;b\nTÜR;ß;1\n'), chunk)).toEqual({ kind: 'windows-1252', bomInsideAt: null })
    // "Ü" as UTF-8 at 5, a Latin-1 "Ü" at 10.
    expect(verdict(Buffer.concat([utf8('a;b\nTÜR\n'), latin1('TÜR\n')]), chunk)).toEqual({ kind: 'mixed', invalidAt: 10, utf8At: 5, bomInsideAt: null })
    expect(verdict(Buffer.concat([utf8('\ufeffa;b\n'), latin1('TÜR\n')]), chunk)).toEqual({ kind: 'bom-not-utf8', invalidAt: 8, bomInsideAt: null })
    expect(verdict(utf8('\ufeffa;b\n\ufeffa;b\n'), chunk).bomInsideAt).toBe(7)
  })

  it('takes Windows-1252 text whose bytes happen to be valid UTF-8 elsewhere as Windows-1252', () => {
    // "Ø½" (D8 BD) is U+063D in UTF-8; "ä€€" (E4 80 80) is U+4000: no sign of a UTF-8 file.
    expect(verdict(latin1('ROHR Ø½;ä\x80\x80;Ü\n'), 4).kind).toBe('windows-1252')
  })

  it('is UTF-8 exactly when the whole file decodes as UTF-8, wherever the chunks are cut (generated)', () => {
    // Valid text (with 2-, 3- and 4-byte characters) cut and mixed with stray bytes.
    const part = fc.oneof(
      fc.string({ unit: 'grapheme' }).map(utf8),
      fc.uint8Array({ maxLength: 6 }).map((bytes) => Buffer.from(bytes)),
    )
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), fc.integer({ min: 1, max: 9 }), (parts, chunk) => {
        const bytes = Buffer.concat(parts)
        let whole = true
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        } catch {
          whole = false
        }
        expect(verdict(bytes, chunk).kind === 'utf-8').toBe(whole)
      }),
      { seed: 26, numRuns: 2000 },
    )
  })
})
