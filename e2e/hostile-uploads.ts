import sharp from 'sharp'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { HTML_PAYLOAD, interlaced16BitPng, zipOf } from '../tests/companies/hostile-logo-files'
import { SVG_WITH_SCRIPT, bombPng } from '../tests/companies/company-edit-helpers'
import { repeated, streamedUpload } from '../tests/helpers/streamed-upload'

// The files that hurt (decision 017) as uploads to the built server: each with its endpoint, the
// caller's language and the answer it must get. The big ones are made while they are sent.
export type HostileUpload = {
  name: string
  path: string
  locale: 'de' | 'en'
  /** A multipart body: a form, or a stream (with a declared length or without). */
  body: () => Promise<{ body: FormData | ReadableStream<Uint8Array>; contentType?: string; length?: number }>
  status: number
  /** The first message of a refusal; an accepted upload (the largest logos still taken) has none. */
  message: RegExp | null
}

const MB = 1_048_576
const HEADER = 'article_uid;article_type;price\n'
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n'

function streamed(field: string, name: string, size: number, content: (offset: number, size: number) => Uint8Array, declared: boolean) {
  return async () => {
    const upload = streamedUpload(field, name, size, content)
    return { body: upload.body, contentType: upload.contentType, length: declared ? upload.length : undefined }
  }
}

/** `content` with its last bytes replaced by `tail`: what a file of `size` ends with. */
function endingWith(content: (offset: number, size: number) => Uint8Array, size: number, tail: Uint8Array) {
  return (offset: number, length: number) => {
    const piece = content(offset, length)
    const from = size - tail.length
    for (let i = Math.max(offset, from); i < offset + length; i++) piece[i - offset] = tail[i - from]!
    return piece
  }
}

function form(field: string, name: string, bytes: Uint8Array, extra: Record<string, string> = {}) {
  return async () => {
    const data = new FormData()
    for (const [key, value] of Object.entries(extra)) data.set(key, value)
    data.set(field, new Blob([new Uint8Array(bytes)]), name)
    return { body: data }
  }
}

const PRICES = '/vue/price/upload/?dry_run=0'
const TEXTS = '/vue/i18n/vartext-xml/'
const LOGO = `/vue/company/${DEMO_ACCOUNTS.staff.companyId}/edit/`

/** logoDocument: the company edit's document (JSON) the logo goes with, as company info gives it. */
export function hostileUploads(logoDocument: string): HostileUpload[] {
  const logo = (bytes: Uint8Array) => form('logo', 'logo.png', bytes, { document: logoDocument })
  return [
    // Price lists
    {
      name: 'CSV, 100 MB, length declared',
      path: PRICES,
      locale: 'en',
      body: streamed('prices', 'prices.csv', 100 * MB, repeated(HEADER, 'X'), true),
      status: 413,
      message: /^The request is too large \(at most 50\.00 MB\)\.$/,
    },
    {
      name: 'CSV, 100 MB single line, no length',
      path: PRICES,
      locale: 'de',
      body: streamed('prices', 'prices.csv', 100 * MB, repeated(HEADER, 'X'), false),
      status: 413,
      message: /^Die Anfrage ist zu groß \(höchstens 50,00 MB\)\.$/,
    },
    {
      name: 'CSV, 45 MB single line',
      path: PRICES,
      locale: 'en',
      body: streamed('prices', 'prices.csv', 45 * MB, repeated(`${HEADER}A-1;GRIFF;`, '9'), false),
      status: 400,
      message: /^Line 2 is longer than 64 KB/,
    },
    {
      name: 'CSV, a million columns',
      path: PRICES,
      locale: 'de',
      body: form('prices', 'prices.csv', Buffer.from(`${HEADER}A-1;GRIFF;1,00${';x'.repeat(1_000_000)}\n`)),
      status: 400,
      message: /^Zeile 2 ist länger als 64 KB/,
    },
    {
      name: 'CSV, 45 MB of rows with 3,000 cells',
      path: PRICES,
      locale: 'en',
      body: streamed('prices', 'prices.csv', 45 * MB, repeated(HEADER, `A-1;GRIFF;1,00${';x'.repeat(3_000)}\n`), false),
      status: 400,
      message: /^The price list was not changed: (1 row has a problem|\d+ rows have problems)\.$/,
    },
    {
      name: 'CSV, 45 MB, UTF-8 then Windows-1252 in the last line',
      path: PRICES,
      locale: 'en',
      body: streamed(
        'prices',
        'prices.csv',
        45 * MB,
        endingWith(repeated(`${HEADER}TÜR-1;ZARGE;1,00\n`, 'A;B;1,00\n'), 45 * MB, Buffer.from('\nT\xdcR-9;ZARGE;9,00\n', 'latin1')),
        false,
      ),
      status: 400,
      message: /^Line \d+ is not UTF-8, but line 2 is: the file mixes two encodings/,
    },
    {
      name: 'CSV, UTF-16 with its byte order mark',
      path: PRICES,
      locale: 'de',
      body: form('prices', 'prices.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}A-1;GRIFF;1,00\n`, 'utf16le')])),
      status: 400,
      message: /^Die Datei ist als UTF-16/,
    },
    // Vartext XML
    {
      name: 'XML, 100 MB, length declared',
      path: TEXTS,
      locale: 'en',
      body: streamed('file', 'texts.xml', 100 * MB, repeated(`${XML}<vartexts><text key="BIG"><master>`, 'x'), true),
      status: 413,
      message: /^The request is too large \(at most 20\.00 MB\)\.$/,
    },
    {
      name: 'XML, 100 MB, no length',
      path: TEXTS,
      locale: 'de',
      body: streamed('file', 'texts.xml', 100 * MB, repeated(`${XML}<vartexts><text key="BIG"><master>`, 'x'), false),
      status: 413,
      message: /^Die Anfrage ist zu groß \(höchstens 20,00 MB\)\.$/,
    },
    {
      name: 'XML, billion laughs',
      path: TEXTS,
      locale: 'en',
      body: form(
        'file',
        'texts.xml',
        Buffer.from(
          `${XML}<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>\n<vartexts><text key="A"><master>&lol9;</master></text></vartexts>`,
        ),
      ),
      status: 400,
      message: /^Line 2: DOCTYPE declarations are not allowed/,
    },
    {
      name: 'XML, external entity',
      path: TEXTS,
      locale: 'de',
      body: form(
        'file',
        'texts.xml',
        Buffer.from(`${XML}<!DOCTYPE v [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<vartexts><text key="A"><master>&xxe;</master></text></vartexts>`),
      ),
      status: 400,
      message: /^Zeile 2: DOCTYPE-Deklarationen sind nicht erlaubt/,
    },
    {
      name: 'XML, 10,000-deep nesting',
      path: TEXTS,
      locale: 'en',
      body: form('file', 'texts.xml', Buffer.from(`${XML}<vartexts>${'<b>'.repeat(10_000)}${'</b>'.repeat(10_000)}</vartexts>`)),
      status: 400,
      message: /^Line 2: unknown element <b>\.$/,
    },
    {
      name: 'XML, 19.5 MB comment before a DTD',
      path: TEXTS,
      locale: 'en',
      body: streamed(
        'file',
        'texts.xml',
        19.5 * MB,
        endingWith(repeated(`${XML}<!--`, 'x'), 19.5 * MB, Buffer.from('-->\n<!DOCTYPE vartexts [<!ENTITY a "b">]>\n<vartexts/>')),
        false,
      ),
      status: 400,
      message: /^Line 3: DOCTYPE declarations are not allowed/,
    },
    // Logos
    {
      name: 'logo, PNG 30,000 × 30,000',
      path: LOGO,
      locale: 'en',
      body: async () => logo(bombPng(30_000, 30_000))(),
      status: 400,
      message: /^The image is 30000 × 30000 pixels/,
    },
    {
      name: 'logo, interlaced 16-bit PNG of 25 MP',
      path: LOGO,
      locale: 'de',
      body: async () => logo(await interlaced16BitPng(5_000, 5_000))(),
      status: 400,
      message: /^Das Bild hat 5000 × 5000 Pixel und ist so gespeichert/,
    },
    {
      name: 'logo, SVG with script',
      path: LOGO,
      locale: 'en',
      body: logo(Buffer.from(SVG_WITH_SCRIPT)),
      status: 400,
      message: /^An SVG file cannot be a logo/,
    },
    {
      name: 'logo, PNG that is also HTML',
      path: LOGO,
      locale: 'en',
      body: async () => logo(Buffer.concat([await smallPng(), Buffer.from(HTML_PAYLOAD)]))(),
      status: 400,
      message: /^This image also holds HTML or script/,
    },
    {
      name: 'logo, PNG that is also a ZIP',
      path: LOGO,
      locale: 'de',
      body: async () => logo(Buffer.concat([await smallPng(), zipOf('x.js', 'alert(1)')]))(),
      status: 400,
      message: /^Dieses Bild ist zugleich ein ZIP-Archiv/,
    },
    // The largest logos still taken, as costly to decode as the budget allows: accepted, and
    // the same bound on memory holds.
    {
      name: 'logo, interlaced 8-bit RGBA PNG of 11.6 MP (taken)',
      path: LOGO,
      locale: 'en',
      body: async () => logo(await costlyImage(3_400, 3_400, 'png'))(),
      status: 200,
      message: null,
    },
    {
      name: 'logo, progressive 4:4:4 JPEG of 7.8 MP (taken)',
      path: LOGO,
      locale: 'en',
      body: async () => logo(await costlyImage(2_800, 2_800, 'jpeg'))(),
      status: 200,
      message: null,
    },
  ]
}

/** An image the decoder holds whole (interlaced PNG, progressive JPEG), with some detail so it is not trivially small. */
async function costlyImage(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 4, background: { r: 87, g: 59, b: 37, alpha: 0.8 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 3}" fill="#c9c3ba"/></svg>`) },
  ])
  return format === 'png'
    ? image.png({ progressive: true, compressionLevel: 9 }).toBuffer()
    : image.flatten().jpeg({ progressive: true, quality: 80, chromaSubsampling: '4:4:4' }).toBuffer()
}

function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#573b25' } })
    .png()
    .toBuffer()
}
