import { createWriteStream, mkdtempSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A German price list of `rows` new prices (`;`, decimal comma), written in 1 MB pieces; its path. */
export async function priceListFile(rows: number, articlePrefix: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-prices-')), 'prices.csv')
  const out = createWriteStream(file)
  out.write('article_uid;article_type;price;currency\n')
  let chunk = ''
  for (let i = 1; i <= rows; i++) {
    chunk += `${articlePrefix}-${String(i).padStart(7, '0')};GRIFF;${(i % 900) + 1},${String(i % 100).padStart(2, '0')};EUR\n`
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
  return file
}
