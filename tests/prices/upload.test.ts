import { readdir } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { priceLogEndpoint, priceLogsEndpoint } from '../../src/contract/price-logs'
import { priceUploadEndpoint, priceUploadProblems } from '../../src/contract/price-upload'
import { auditLog, priceListEntries, priceLogRowBlocks, priceLogRows, priceLogs, userGroups } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { spoolRoot } from '../../src/server/http-api/spool-root.server'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// POST /vue/price/upload/: the CSV price list — dry run, apply, every kind of bad file.
let api: TestApi
let staffToken: string
beforeAll(async () => {
  api = await startApi()
  staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
})
afterAll(() => api.close())

const PATH = '/vue/price/upload/'

function form(content: string | Uint8Array<ArrayBuffer>, name = 'prices.csv') {
  const data = new FormData()
  data.set('prices', new File([content], name, { type: 'text/csv' }))
  return data
}

async function upload(
  content: string | Uint8Array<ArrayBuffer>,
  { dryRun = true, token = staffToken, locale }: { dryRun?: boolean; token?: string; locale?: 'de' | 'en' } = {},
) {
  return api.upload(priceUploadEndpoint, { dry_run: dryRun ? '1' : '0' }, { form: form(content) }, { token, locale })
}

/** Two existing general prices of the demo price list, to change in uploads. */
async function existing(count: number) {
  return api.database.db
    .select()
    .from(priceListEntries)
    .where(eq(priceListEntries.customerNumber, ''))
    .orderBy(priceListEntries.articleUid, priceListEntries.articleType)
    .limit(count)
}

async function entryOf(articleUid: string, articleType: string, customer: string | null = null) {
  const [row] = await api.database.db
    .select()
    .from(priceListEntries)
    .where(and(eq(priceListEntries.articleUid, articleUid), eq(priceListEntries.articleType, articleType), eq(priceListEntries.customerNumber, customer ?? '')))
  return row ?? null
}

/** A fingerprint of the whole price list, to prove that a refused upload changed nothing. */
async function priceListState() {
  const result = await api.database.db.execute(
    sql`select count(*)::int as n, coalesce(sum(price), 0)::text as total, coalesce(max(updated_at), now())::text as latest from price_list_entries`,
  )
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows)
}

function windows1252(text: string): Uint8Array<ArrayBuffer> {
  const table: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93 }
  return Uint8Array.from([...text].map((char) => table[char] ?? char.charCodeAt(0)))
}

describe(`POST ${PATH}`, () => {
  it('a dry run counts changed, new and unchanged rows and previews old → new, changing nothing', async () => {
    const [a, b, c] = await existing(3)
    const before = await priceListState()
    const csv = [
      'article_uid;article_type;price;currency;valid_from',
      `${a!.articleUid};${a!.articleType};1.234,56;EUR;01.02.2027`,
      `${b!.articleUid};${b!.articleType};${b!.price.replace('.', ',')};${b!.currency};${b!.validFrom ? b!.validFrom.split('-').reverse().join('.') : ''}`,
      `${c!.articleUid};${c!.articleType};99,5;;`,
      'NEU-0001;GRIFF;12,30;EUR;',
    ].join('\r\n')
    const result = await upload(csv)
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data).toMatchObject({ dry_run: true, rows: 4, changed: 2, new: 1, unchanged: 1, encoding: 'utf-8', delimiter: ';', log_id: null })
    expect(data.preview[0]).toEqual({
      line: 2,
      article_uid: a!.articleUid,
      article_type: a!.articleType,
      customer_number: null,
      old_price: a!.price,
      new_price: '1234.5600',
      currency: 'EUR',
    })
    expect(data.preview.map((row) => row.line)).toEqual([2, 4])
    expect(await priceListState()).toBe(before)
    expect(await entryOf('NEU-0001', 'GRIFF')).toBeNull()
  })

  it('a price, a currency or a date alone makes a change; the same values (no date on both sides) do not; dry run and apply count alike', async () => {
    const seed = [
      'article_uid;article_type;price;currency;valid_from',
      'CL-1;GRIFF;10;EUR;',
      'CL-2;GRIFF;10;EUR;01.01.2027',
      'CL-3;GRIFF;10;EUR;',
      'CL-4;GRIFF;10;EUR;',
    ]
    expect((await upload(seed.join('\n'), { dryRun: false })).data).toMatchObject({ new: 4, changed: 0, unchanged: 0 })
    const next = [
      'article_uid;article_type;price;currency;valid_from',
      'CL-1;GRIFF;10;CHF;',
      'CL-2;GRIFF;10;EUR;',
      'CL-3;GRIFF;10;EUR;',
      'CL-4;GRIFF;10;EUR;02.01.2027',
      'CL-5;GRIFF;1;EUR;',
    ]
    const dry = (await upload(next.join('\n'))).data
    expect(dry).toMatchObject({ rows: 5, changed: 3, new: 1, unchanged: 1 })
    expect(dry.preview.map((row) => row.article_uid)).toEqual(['CL-1', 'CL-2', 'CL-4'])
    const applied = (await upload(next.join('\n'), { dryRun: false })).data
    expect(applied).toMatchObject({ rows: 5, changed: 3, new: 1, unchanged: 1, preview: dry.preview })
    expect(await entryOf('CL-1', 'GRIFF')).toMatchObject({ currency: 'CHF' })
    expect(await entryOf('CL-2', 'GRIFF')).toMatchObject({ validFrom: null })
    expect(await entryOf('CL-4', 'GRIFF')).toMatchObject({ validFrom: '2027-01-02' })
    const logged = (await api.call(priceLogEndpoint, { id: applied.log_id! }, { token: staffToken })).data
    expect(logged.rows.map((row) => row.item_number)).toEqual(['CL-1', 'CL-2', 'CL-4', 'CL-5'])
  })

  it('applies in one go: prices changed and added, a price log of kind upload whose rows carry the old price, and an audit entry', async () => {
    const [a] = await existing(1)
    const csv = [
      'article_uid;article_type;price;valid_from;customer_number',
      `${a!.articleUid};${a!.articleType};77,7;2027-03-01;`,
      'NEU-0002;ZARGE;5;;K-1001',
    ].join('\n')
    const result = await upload(csv, { dryRun: false })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data).toMatchObject({ dry_run: false, rows: 2, changed: 1, new: 1, unchanged: 0 })
    expect(data.log_id).toEqual(expect.any(Number))
    expect(await entryOf(a!.articleUid, a!.articleType)).toMatchObject({ price: '77.7000', validFrom: '2027-03-01' })
    expect(await entryOf('NEU-0002', 'ZARGE', 'K-1001')).toMatchObject({ price: '5.0000', currency: 'EUR' })

    const [log] = await api.database.db.select().from(priceLogs).where(eq(priceLogs.id, data.log_id!))
    expect(log).toMatchObject({ kind: 'upload', companyId: null, contactUserId: DEMO_ACCOUNTS.staff.userId, articleUid: null })
    const logged = (await api.call(priceLogEndpoint, { id: data.log_id! }, { token: staffToken })).data
    expect(logged.rows.map((row) => [row.item_number, row.type, row.quantity, row.item_price, row.oprice, row.price, row.discount, row.width])).toEqual([
      [a!.articleUid, a!.articleType, 1, '77.7000', a!.price, '77.7000', '0.00', 0],
      ['NEU-0002', 'ZARGE', 1, '5.0000', null, '5.0000', '0.00', 0],
    ])
    expect(logged.no_of_rows).toBe(2)
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(data.log_id)))
    expect(audits).toMatchObject([{ action: 'price_upload', entity: 'price_log', actorUserId: DEMO_ACCOUNTS.staff.userId }])

    // The log is found like any other: in the list and with its rows.
    const list = await api.call(priceLogsEndpoint, { filter: 'contact:staff@' }, { token: staffToken })
    expect(JSON.stringify(list.data)).toContain(`"id":${data.log_id}`)
    const detail = await api.call(priceLogEndpoint, { id: data.log_id! }, { token: staffToken })
    expect(detail.httpStatus).toBe(200)
    expect(JSON.stringify(detail.data)).toContain('"oprice"')

    // The same file again changes nothing and writes no log.
    const again = (await upload(csv, { dryRun: false })).data
    expect(again).toMatchObject({ changed: 0, new: 0, unchanged: 2, log_id: null })
  })

  it("keeps an upload's log rows in blocks of a thousand lines and pages through them in file order or sorted", async () => {
    const lines = (price: (i: number) => string) => [
      'article_uid;article_type;price',
      ...Array.from({ length: 2600 }, (_, i) => `BL-${String(i).padStart(4, '0')};GRIFF;${price(i)}`),
    ]
    expect((await upload(lines((i) => `${i + 1}`).join('\n'), { dryRun: false })).httpStatus).toBe(200)
    // Every third price changes: the log holds 867 rows of lines 2 to 2601, unevenly over 3 blocks.
    const changed = (i: number) => i % 3 === 0
    const data = (await upload(lines((i) => (changed(i) ? `${i + 1},5` : `${i + 1}`)).join('\n'), { dryRun: false })).data
    const expected = Array.from({ length: 2600 }, (_, i) => i)
      .filter(changed)
      .map((i) => [`BL-${String(i).padStart(4, '0')}`, `${i + 1}.0000`, `${i + 1}.5000`])
    expect(data).toMatchObject({ changed: expected.length, new: 0, unchanged: 2600 - expected.length })
    const blocks = await api.database.db.select().from(priceLogRowBlocks).where(eq(priceLogRowBlocks.priceLogId, data.log_id!)).orderBy(priceLogRowBlocks.block)
    expect(blocks.map((block) => [block.block, block.count, Math.min(...block.lines)])).toEqual([
      [0, 333, 2],
      [1, 333, 1001],
      [2, 201, 2000],
    ])
    expect(await api.database.db.$count(priceLogRows, eq(priceLogRows.priceLogId, data.log_id!))).toBe(0)

    // Pages of 70 cross the blocks' edges: together they are the log in file order.
    const pages = async () => {
      const seen: string[][] = []
      for (let page = 1; page <= 13; page += 1) {
        const answer = (await api.call(priceLogEndpoint, { id: data.log_id!, number_per_page: 70, page }, { token: staffToken })).data
        expect([answer.no_of_rows, answer.pages]).toEqual([expected.length, 13])
        seen.push(...answer.rows.map((row) => [row.item_number, row.oprice ?? '', row.price]))
      }
      return seen
    }
    expect(await pages()).toEqual(expected)
    // A block's parallel arrays are kept in no set order (the apply skips sorting them): reversed
    // in place, the pages are still the file's order.
    const reversed = (column: string) => sql.raw(`array(select v from unnest(${column}) with ordinality as a(v, n) order by n desc)`)
    await api.database.db.execute(sql`
      update price_log_row_blocks set lines = ${reversed('lines')}, types = ${reversed('types')}, item_numbers = ${reversed('item_numbers')},
             prices = ${reversed('prices')}, oprices = ${reversed('oprices')}
       where price_log_id = ${data.log_id}`)
    const first = await api.database.db
      .select()
      .from(priceLogRowBlocks)
      .where(eq(priceLogRowBlocks.priceLogId, data.log_id!))
      .orderBy(priceLogRowBlocks.block)
      .limit(1)
    expect(first[0]!.lines.at(-1)).toBe(2)
    expect(await pages()).toEqual(expected)
    const past = await api.call(priceLogEndpoint, { id: data.log_id!, number_per_page: 70, page: 14 }, { token: staffToken })
    expect(past.httpStatus).toBe(404)

    // Sorted over every block: the highest price first, then the next page goes on from there.
    const sorted = async (page: number) =>
      (await api.call(priceLogEndpoint, { id: data.log_id!, sort: '-price', number_per_page: 200, page }, { token: staffToken })).data.rows
    const descending = [...expected].reverse()
    expect((await sorted(1)).map((row) => row.item_number)).toEqual(descending.slice(0, 200).map(([item]) => item))
    expect((await sorted(2)).map((row) => row.item_number)).toEqual(descending.slice(200, 400).map(([item]) => item))
    const byType = (await api.call(priceLogEndpoint, { id: data.log_id!, sort: 'type', number_per_page: 5 }, { token: staffToken })).data
    expect(byType.rows.map((row) => row.item_number)).toEqual(expected.slice(0, 5).map(([item]) => item))

    // The list counts the block rows too.
    const list = await api.call(priceLogsEndpoint, { filter: 'contact:staff@', number_per_page: 200 }, { token: staffToken })
    const entry = z
      .object({ entries: z.array(z.object({ id: z.number(), rows: z.number() })).min(1) })
      .parse(list.data)
      .entries.find((one) => one.id === data.log_id)
    expect(entry?.rows).toBe(expected.length)
  })

  it('reads a German export: Windows-1252, `;`, decimal commas with thousands points, DD.MM.YYYY', async () => {
    const csv = 'Article_UID;ARTICLE_TYPE;Price;Currency\r\n„Tür-Zarge“ 80;TÜR;1.299,95;EUR\r\n'
    const data = (await upload(windows1252(csv))).data
    expect(data).toMatchObject({ encoding: 'windows-1252', delimiter: ';', new: 1 })
    const applied = (await upload(windows1252(csv), { dryRun: false })).data
    expect(applied.new).toBe(1)
    expect(await entryOf('„Tür-Zarge“ 80', 'TÜR')).toMatchObject({ price: '1299.9500' })
  })

  it('reads UTF-8 with a BOM, `,` as delimiter with quoted decimal commas, and skips blank rows', async () => {
    const csv = '\ufeffarticle_uid,article_type,price\n"BOM-1",GRIFF,"3,5"\nBOM-2,GRIFF,4.25\n,,\n\n'
    const data = (await upload(csv)).data
    expect(data).toMatchObject({ encoding: 'utf-8', delimiter: ',', rows: 2, new: 2 })
    await upload(csv, { dryRun: false })
    expect(await entryOf('BOM-1', 'GRIFF')).toMatchObject({ price: '3.5000' })
    expect(await entryOf('BOM-2', 'GRIFF')).toMatchObject({ price: '4.2500' })
  })

  it('keeps quoted values with a backslash, a tab or a line break exactly, and counts the lines of a multi-line row when naming later ones', async () => {
    const csv = 'article_uid;article_type;price;customer_number\n"ESC\\1\tA";GRIFF;1,5;\n"ESC-2";"ZAR\nGE";2;"K\\N"\nESC-3;GRIFF;-1;\n'
    const refused = await upload(csv)
    expect(refused.messages).toContain('Line 5, price: the price is negative.')
    const fixed = csv.replace(';-1;', ';1;')
    expect((await upload(fixed, { dryRun: false })).data).toMatchObject({ rows: 3, new: 3 })
    expect(await entryOf('ESC\\1\tA', 'GRIFF')).toMatchObject({ price: '1.5000' })
    expect(await entryOf('ESC-2', 'ZAR\nGE', 'K\\N')).toMatchObject({ price: '2.0000' })
  })

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['only a BOM and blank lines', '\ufeff\r\n\r\n', 'The file is empty.'],
    ['a binary file', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x14]), 'The file is not a CSV text file.'],
    ['a header without rows', 'article_uid;article_type;price\n', 'The file has a header but no price rows.'],
    ['missing columns', 'article_uid;preis\nA;1', 'Line 1: the header lacks the columns article_type, price.'],
    ['an unknown column', 'article_uid;article_type;price;colour\nA;B;1;red', 'Line 1: unknown column “colour”'],
    ['a column twice', 'article_uid;article_type;price;PRICE\nA;B;1;2', 'Line 1: the column “price” is in the header twice.'],
  ])('refuses %s with a clear message and changes nothing', async (_, content, message) => {
    const before = await priceListState()
    const result = await upload(content, { dryRun: false })
    expect(result.httpStatus).toBe(400)
    expect(result.messages.join('\n')).toContain(message)
    expect(priceUploadProblems.parse(result.failure).problems.length).toBeGreaterThan(0)
    expect(await priceListState()).toBe(before)
  })

  it('names every bad row by line and column — negative, text, too many decimals, too large, formulas, dates, currency, cell count — and changes nothing', async () => {
    const [a] = await existing(1)
    const before = await priceListState()
    const csv = [
      'article_uid;article_type;price;currency;valid_from',
      `${a!.articleUid};${a!.articleType};1,00;EUR;`, // 2: good
      'A-3;GRIFF;-5;EUR;', // 3
      'A-4;GRIFF;zwölf;EUR;', // 4
      'A-5;GRIFF;1,23456;EUR;', // 5
      'A-6;GRIFF;123456789;EUR;', // 6
      '=HYPERLINK("x");GRIFF;1;EUR;', // 7
      'A-8;@SUM(A1);1;EUR;', // 8
      'A-9;GRIFF;+1;EUR;', // 9
      'A-10;GRIFF;1;EURO;', // 10
      'A-11;GRIFF;1;EUR;31.02.2027', // 11
      'A-12;GRIFF;1', // 12
      ';GRIFF;1;EUR;', // 13
    ].join('\n')
    const result = await upload(csv, { dryRun: false })
    expect(result.httpStatus).toBe(400)
    const data = priceUploadProblems.parse(result.failure)
    expect(data.bad_rows).toBe(11)
    const byLine = Object.fromEntries(data.problems.map((problem) => [problem.line, problem]))
    expect(byLine[3]).toMatchObject({ column: 'price', message: 'Line 3, price: the price is negative.' })
    expect(byLine[4]?.message).toBe('Line 4, price: “zwölf” is not a price (e.g. 1234.56 or 1.234,56).')
    expect(byLine[5]?.message).toBe('Line 5, price: the price has more than 4 decimal places.')
    expect(byLine[6]?.message).toBe('Line 6, price: the price is too large (at most 99,999,999.9999).')
    expect(byLine[7]).toMatchObject({ column: 'article_uid', message: 'Line 7, article_uid: the value starts like a spreadsheet formula (= + - @).' })
    expect(byLine[8]?.column).toBe('article_type')
    expect(byLine[9]?.message).toContain('formula')
    expect(byLine[10]?.message).toBe('Line 10, currency: “EURO” is not a currency code (three letters, e.g. EUR).')
    expect(byLine[11]?.message).toBe('Line 11, valid_from: “31.02.2027” is not a date (YYYY-MM-DD or DD.MM.YYYY).')
    expect(byLine[12]?.message).toBe('Line 12: 3 cells, the header has 5.')
    expect(byLine[13]?.message).toBe('Line 13, article_uid: the value is missing.')
    expect(result.messages[0]).toBe('The price list was not changed: 11 rows have problems.')
    expect(await priceListState()).toBe(before)
  })

  it('refuses duplicate articles naming both lines, in German when asked', async () => {
    const before = await priceListState()
    const csv = 'article_uid;article_type;price;customer_number\nD-1;GRIFF;1;\nD-2;GRIFF;2;\nD-1;GRIFF;3;\nD-1;GRIFF;4;K-7\n'
    const result = await upload(csv, { dryRun: false, locale: 'de' })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toContain('Zeile 4: Artikel D-1 (GRIFF) steht mehrfach in der Datei (Zeilen 2, 4).')
    expect(result.messages[0]).toBe('Die Preisliste wurde nicht geändert: 1 Zeile hat Fehler.')
    expect(await priceListState()).toBe(before)
  })

  it('reports a broken quote with its line', async () => {
    const result = await upload('article_uid;article_type;price\nA;B;1\n"C;D;2\n')
    expect(result.httpStatus).toBe(400)
    expect(result.messages.join('\n')).toMatch(/Line \d+: the file cannot be read as CSV/)
  })

  it('lists at most 1,000 problems but counts every bad row', async () => {
    const lines = ['article_uid;article_type;price', ...Array.from({ length: 1500 }, (_, i) => `X-${i};GRIFF;-1`)]
    const result = await upload(lines.join('\n'))
    const data = priceUploadProblems.parse(result.failure)
    expect([data.problems.length, data.bad_rows]).toEqual([1000, 1500])
    expect(result.messages.at(-1)).toBe('… and 1480 more problems.')
  })

  it('names one more problem and one bad row in the singular, in English and German', async () => {
    const lines = ['article_uid;article_type;price', ...Array.from({ length: 21 }, (_, i) => `X-${i};GRIFF;-1`)]
    const english = await upload(lines.join('\n'))
    expect(english.messages.at(-1)).toBe('… and 1 more problem.')
    const german = await upload(lines.join('\n'), { dryRun: true, locale: 'de' })
    expect(german.messages.at(-1)).toBe('… und 1 weiterer Fehler.')
    const single = await upload('article_uid;article_type;price\nX-1;GRIFF;-1\n')
    expect(single.messages[0]).toBe('The price list was not changed: 1 row has a problem.')
  })

  it('refuses a file over 50 MB with 413, a JSON body with 415, a form without the file with 400, and leaves no temporary file behind', async () => {
    const spoolsBefore = (await readdir(spoolRoot()).catch(() => [])).length
    const big = await upload(`article_uid;article_type;price\n${'A;B;1\n'.repeat(9_000_000)}`)
    expect(big.httpStatus).toBe(413)
    expect(big.messages[0]).toContain('50.00 MB')
    const json = await api.request('POST', PATH, { token: staffToken, body: { prices: 'x' } })
    expect(json.httpStatus).toBe(415)
    const empty = new FormData()
    empty.set('note', 'no file')
    expect((await api.upload(priceUploadEndpoint, {}, { form: empty }, { token: staffToken })).httpStatus).toBe(400)
    const spoolsAfter = (await readdir(spoolRoot()).catch(() => [])).length
    expect(spoolsAfter).toBe(spoolsBefore)
  })

  it('refuses a bad dry_run value, in the query or as a form field', async () => {
    const result = await api.upload(
      priceUploadEndpoint,
      unchecked({ dry_run: 'maybe' }),
      { form: form('article_uid;article_type;price\nA;B;1') },
      { token: staffToken },
    )
    expect(result.httpStatus).toBe(400)
    const field = form('article_uid;article_type;price\nA;B;1')
    field.set('dry_run', 'yes')
    expect((await api.upload(priceUploadEndpoint, {}, { form: field }, { token: staffToken })).httpStatus).toBe(400)
    expect(await entryOf('A', 'B')).toBeNull()
  })

  it("applies the spec's call — just the multipart field prices — and takes dry_run=1 as a form field too", async () => {
    const csv = 'article_uid;article_type;price\nSPEC-1;GRIFF;7,5'
    const asked = form(csv)
    asked.set('dry_run', '1')
    const dry = await api.upload(priceUploadEndpoint, {}, { form: asked }, { token: staffToken })
    expect(dry.data).toMatchObject({ dry_run: true, new: 1, log_id: null })
    expect(await entryOf('SPEC-1', 'GRIFF')).toBeNull()

    const applied = await api.upload(priceUploadEndpoint, {}, { form: form(csv) }, { token: staffToken })
    expect([applied.httpStatus, applied.status]).toEqual([200, true])
    const data = applied.data
    expect(data).toMatchObject({ dry_run: false, changed: 0, new: 1, unchanged: 0 })
    expect(data.log_id).toEqual(expect.any(Number))
    expect(await entryOf('SPEC-1', 'GRIFF')).toMatchObject({ price: '7.5000' })
  })

  it('never applies when the query and the form disagree about the dry run', async () => {
    const csv = 'article_uid;article_type;price\nSPEC-2;GRIFF;1'
    const asked = form(csv)
    asked.set('dry_run', '1')
    const result = await api.upload(priceUploadEndpoint, { dry_run: '0' }, { form: asked }, { token: staffToken })
    expect(result.data).toMatchObject({ dry_run: true, log_id: null })
    expect(await entryOf('SPEC-2', 'GRIFF')).toBeNull()
  })

  it('needs a token, CAN_UPLOAD, and a user of the supplier', async () => {
    const csv = 'article_uid;article_type;price\nA;B;1'
    expect((await api.upload(priceUploadEndpoint, {}, { form: form(csv) })).httpStatus).toBe(401)
    const dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    expect((await upload(csv, { token: dealerToken })).httpStatus).toBe(403)
    // The spec's call (no dry_run) from a user without CAN_UPLOAD changes nothing either.
    expect((await api.upload(priceUploadEndpoint, {}, { form: form(csv) }, { token: dealerToken })).httpStatus).toBe(403)
    // CAN_UPLOAD alone is not enough outside the supplier: the price list is the supplier's.
    await api.database.db.insert(userGroups).values({ userId: DEMO_ACCOUNTS.dealer.userId, permission: 'CAN_UPLOAD' })
    const granted = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    const result = await upload(csv, { token: granted, dryRun: false })
    expect([result.httpStatus, result.messages]).toEqual([403, ["Only the supplier's staff can change the price list."]])
    expect(await entryOf('A', 'B')).toBeNull()
  })
})
