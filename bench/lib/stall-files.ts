// Generated input files for bench/stall.ts: a German price list and a vartext XML file.
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

async function writeLines(path: string, head: string, count: number, line: (i: number) => string, tail = ''): Promise<string> {
  const out = createWriteStream(path)
  let chunk = head
  for (let i = 1; i <= count; i++) {
    chunk += line(i)
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk + tail)
  await once(out, 'finish')
  return path
}

/** `rows` new prices, German style (`;`, decimal comma, DD.MM.YYYY), as staff upload them. */
export function priceListFile(path: string, rows: number): Promise<string> {
  return writeLines(path, 'article_uid;article_type;price;currency;valid_from\n', rows, (i) => {
    const cents = 100 + ((i * 7919) % 9_999_900)
    return `STALL-${String(i).padStart(7, '0')};GRIFF;${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')};EUR;${String(1 + (i % 28)).padStart(2, '0')}.03.2027\n`
  })
}

/** `count` vartext entries with a master text and an English translation. */
export function vartextXmlFile(path: string, count: number): Promise<string> {
  return writeLines(
    path,
    '<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n',
    count,
    (i) =>
      `  <text key="stall.${String(i).padStart(6, '0')}" tags="bench"><master>Stall-Text Nummer ${i} mit Dämpfung</master><translation lang="en">Stall text number ${i}</translation></text>\n`,
    '</vartexts>\n',
  )
}
