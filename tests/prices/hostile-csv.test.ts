import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceUploadEndpoint } from '../../src/contract/price-upload'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { spoolRoot } from '../../src/server/http-api/spool-root.server'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { repeated, streamedUpload, type StreamedUpload } from '../helpers/streamed-upload'

// Price lists that hurt (decision 015): too big, one endless line, a million columns, mixed
// encodings and byte order marks. Each is refused with a 4xx naming what is wrong, in the
// caller's language, the database stays as it was, and no spool file is left behind. The big
// files are made while they are sent (tests/helpers/streamed-upload.ts), never held here.
let api: TestApi
let staffToken: string
beforeAll(async () => {
  api = await startApi()
  staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
})
afterAll(() => api.close())

// Applied, not a dry run: a file that got through would change the price list.
const APPLIED: { dry_run: '0' } = { dry_run: '0' }
const HEADER = 'article_uid;article_type;price\n'
const MB = 1_048_576

async function spoolFiles(): Promise<number> {
  return (await readdir(spoolRoot()).catch(() => [])).length
}

/** Sends `send()` and checks that it changed nothing and left no spool file; answers the result. */
async function refused(status: number, send: () => Promise<CallResult>): Promise<CallResult> {
  const before = await databaseSnapshot(api.database)
  const spools = await spoolFiles()
  const result = await send()
  expect(result.httpStatus, result.messages.join('\n')).toBe(status)
  expect(result.status).toBe(false)
  expect(await databaseSnapshot(api.database)).toEqual(before)
  expect(await spoolFiles()).toBe(spools)
  return result
}

function uploadBytes(bytes: Uint8Array<ArrayBuffer> | string, locale: 'de' | 'en' = 'en') {
  const form = new FormData()
  form.set('prices', new File([bytes], 'prices.csv', { type: 'text/csv' }))
  return refused(400, () => api.upload(priceUploadEndpoint, APPLIED, { form }, { token: staffToken, locale }))
}

function uploadStream(upload: StreamedUpload, { declared = false, locale = 'en' as 'de' | 'en' } = {}) {
  return api.upload(priceUploadEndpoint, APPLIED, { stream: { ...upload, length: declared ? upload.length : undefined } }, { token: staffToken, locale })
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'))
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

describe('a price list that is too big', () => {
  it('is refused with 413 by its declared length at once, before a byte of it is read', async () => {
    const file = streamedUpload('prices', 'prices.csv', 100 * MB, repeated(HEADER, 'X'))
    const result = await refused(413, () => uploadStream(file, { declared: true }))
    expect(result.messages).toEqual(['The request is too large (at most 50.00 MB).'])
    expect(file.pulled()).toBeLessThan(MB)
  })

  it('is refused with 413 as soon as it passes 50 MB when no length is declared, in German too', async () => {
    const file = streamedUpload('prices', 'prices.csv', 100 * MB, repeated(HEADER, 'X'))
    const result = await refused(413, () => uploadStream(file, { locale: 'de' }))
    expect(result.messages).toEqual(['Die Anfrage ist zu groß (höchstens 50,00 MB).'])
    expect(file.pulled()).toBeLessThan(52 * MB)
  })
})

describe('a price list with an endless line', () => {
  it('refuses a 40 MB header line naming it, after reading only its start', async () => {
    const file = streamedUpload('prices', 'prices.csv', 40 * MB, repeated('article_uid;article_type;price', ' '))
    const started = performance.now()
    const result = await refused(400, () => uploadStream(file))
    expect(result.messages).toEqual(['Line 1 is longer than 64 KB: a price list has one short row per line. Is this the right file?'])
    expect(performance.now() - started).toBeLessThan(15_000)
  })

  it('refuses a 40 MB price row naming its line, in German', async () => {
    const file = streamedUpload('prices', 'prices.csv', 40 * MB, repeated(`${HEADER}A-1;GRIFF;1,00\nA-2;GRIFF;`, '9'))
    const result = await refused(400, () => uploadStream(file, { locale: 'de' }))
    expect(result.messages).toEqual(['Zeile 3 ist länger als 64 KB: Eine Preisliste hat eine kurze Zeile pro Preis. Ist das die richtige Datei?'])
  })

  it('refuses a quoted value that never ends (a missing closing quote) once the row runs past 64 KB', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `B-${i};GRIFF;1,00`).join('\n')
    const result = await uploadBytes(`${HEADER}A-1;"GRIFF;1,00\n${lines}\n`)
    expect(result.messages).toEqual([
      'The price list was not changed: 1 row has a problem.',
      'Line 2: the row runs on for more than 64 KB — a closing quote (") may be missing.',
    ])
  })
})

describe('a price list with a million columns', () => {
  it('refuses a row of a million cells as a line far too long', async () => {
    const result = await uploadBytes(`${HEADER}A-1;GRIFF;1,00${';'.repeat(1_000_000)}\n`)
    expect(result.messages).toEqual(['Line 2 is longer than 64 KB: a price list has one short row per line. Is this the right file?'])
  })

  it('refuses a header of a million columns the same way', async () => {
    const result = await uploadBytes(`article_uid;article_type;price${';x'.repeat(1_000_000)}\nA-1;GRIFF;1,00\n`)
    expect(result.messages).toEqual(['Line 1 is longer than 64 KB: a price list has one short row per line. Is this the right file?'])
  })

  it('refuses rows of thousands of cells by line, also trailing empty ones, in plain and quoted files', async () => {
    const many = ';'.repeat(5_000)
    const plain = await uploadBytes(`${HEADER}A-1;GRIFF;1,00\nA-2;GRIFF;2,00${many}\nA-3;GRIFF;3,00${many}x\n`)
    expect(plain.messages).toEqual([
      'The price list was not changed: 2 rows have problems.',
      'Line 3: more than 256 cells; a price list has at most 6 columns.',
      'Line 4: more than 256 cells; a price list has at most 6 columns.',
    ])
    const quoted = await uploadBytes(`${HEADER}"A-1";GRIFF;1,00${many}\n`, 'de')
    expect(quoted.messages).toEqual([
      'Die Preisliste wurde nicht geändert: 1 Zeile hat Fehler.',
      'Zeile 2: mehr als 256 Zellen; eine Preisliste hat höchstens 6 Spalten.',
    ])
  })

  it('refuses a header of thousands of cells', async () => {
    const result = await uploadBytes(`article_uid;article_type;price${';'.repeat(3_000)}\nA-1;GRIFF;1,00\n`)
    expect(result.messages).toEqual([
      'The price list was not changed: 1 row has a problem.',
      'Line 1: more than 256 cells; a price list has at most 6 columns.',
    ])
  })
})

describe('a price list in mixed encodings or with stray byte order marks', () => {
  it('refuses UTF-8 and Windows-1252 lines in one file, naming a line of each', async () => {
    const result = await uploadBytes(join(utf8(`${HEADER}TÜR-1;ZARGE;1,00\nGRIFF-2;BAND;2,00\n`), latin1('TÜR-3;ZARGE;3,00\n')))
    expect(result.messages).toEqual([
      'Line 4 is not UTF-8, but line 2 is: the file mixes two encodings. Save it again in one (for example as “CSV UTF-8”) and upload it again.',
    ])
  })

  it('refuses them the other way round too, in German', async () => {
    const result = await uploadBytes(join(latin1(`${HEADER}TÜR-1;ZARGE;1,00\n`), utf8('TÜR-2;ZARGE;2,00\n')), 'de')
    expect(result.messages).toEqual([
      'Zeile 2 ist nicht UTF-8, Zeile 3 aber schon: Die Datei mischt zwei Kodierungen. Speichern Sie sie in einer (zum Beispiel als „CSV UTF-8“) und laden Sie sie erneut hoch.',
    ])
  })

  it('refuses a UTF-8 byte order mark in front of Windows-1252 text', async () => {
    const result = await uploadBytes(join(new Uint8Array([0xef, 0xbb, 0xbf]), latin1(`${HEADER}A-1;GRIFF;1,00\nTÜR-2;ZARGE;2,00\n`)))
    expect(result.messages).toEqual([
      'The file starts with the mark of UTF-8 (a byte order mark), but line 3 is not UTF-8: the file mixes two encodings. Save it again as “CSV UTF-8” and upload it again.',
    ])
  })

  it.each([
    ['little-endian', 'utf16le', [0xff, 0xfe]],
    ['big-endian', 'utf16be', [0xfe, 0xff]],
  ])('refuses UTF-16 (%s) with its byte order mark, saying how to save it', async (_, encoding, bom) => {
    const text = `${HEADER}A-1;GRIFF;1,00\n`
    const bytes = encoding === 'utf16le' ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'utf16le').swap16()
    const result = await uploadBytes(join(new Uint8Array(bom), bytes))
    expect(result.messages).toEqual([
      'The file is saved as UTF-16 (“Unicode text”). Save it as “CSV UTF-8” or “CSV (semicolon separated)” and upload it again.',
    ])
  })

  it('refuses a byte order mark in the middle of the file (two files joined), naming its line', async () => {
    const bom = '\ufeff'
    const result = await uploadBytes(utf8(`${bom}${HEADER}A-1;GRIFF;1,00\n${bom}${HEADER}A-2;GRIFF;2,00\n`), 'de')
    expect(result.messages).toEqual([
      'Zeile 3 enthält mitten in der Datei eine Byte-Order-Markierung (BOM): Wurden zwei Dateien aneinandergehängt? Entfernen Sie sie und laden Sie die Datei erneut hoch.',
    ])
  })

  it('still reads a whole file in Windows-1252, and UTF-8 with its byte order mark (nothing mixed)', async () => {
    const form = (bytes: Uint8Array<ArrayBuffer>) => {
      const data = new FormData()
      data.set('prices', new File([bytes], 'prices.csv'))
      return data
    }
    const call = (bytes: Uint8Array<ArrayBuffer>) => api.upload(priceUploadEndpoint, { dry_run: '1' }, { form: form(bytes) }, { token: staffToken })
    // "Ø½" is also valid UTF-8 (U+063D), but no sign that the file is UTF-8.
    const windows = await call(latin1(`${HEADER}WIN-TÜR-1;ZARGE;1,00\nWIN-ROHR-2;Ø½ ZOLL;2,00\n`))
    expect([windows.httpStatus, windows.data]).toEqual([200, expect.objectContaining({ encoding: 'windows-1252', new: 2 })])
    const withBom = await call(utf8(`\ufeff${HEADER}UTF-TÜR-1;ZARGE;1,00\n`))
    expect([withBom.httpStatus, withBom.data]).toEqual([200, expect.objectContaining({ encoding: 'utf-8', new: 1 })])
  })
})
