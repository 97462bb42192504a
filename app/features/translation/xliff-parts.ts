import { articleEndpoint, catalogEndpoint, type ArticleUnit, type CatalogNode } from '../../../src/contract/translation'
import { translationOf } from '../../../src/domain/translation'
import { datasetId, type EditScope, type PendingRow, type Scope } from './local-keys'
import type { QueueFile } from './queue-file'
import { loadStore } from './store'
import { buildXliff, readXliff, type XliffMode, type XliffProblem, type XliffRead, type XliffUnit } from './xliff-file'

// The XLIFF round trip on the local store (issue 29, point 7), loaded on first use: the texts a
// screen shows, with the edits on this device, go out as a file; a file's translations come back
// as unsaved edits through the same import as a file of unsaved edits (queue-file.ts), each with
// the server version it stands on and its source, so the checks and a save's conflicts apply.

/** What a screen exports and imports: a workspace's texts, or a catalogue (its labels and its articles' texts). */
export type XliffSubject = { kind: 'texts'; scope: Scope; src: string; dst: string } | { kind: 'catalogue'; id: number; src: string; dst: string }

/** A text on this device: the server's text and stamp, the translator's edit if any. */
export type LocalText = { source: string; target: string | null; stamp: string | null; note: string | null; unit?: PendingRow['unit']; pending?: PendingRow }
/** The texts of one <file>: `original` names it in the file, `scope` in the queue. */
export type LocalPart = { original: string; scope: EditScope; texts: Map<string, LocalText> }

export type ImportCounts = { imported: number; unchanged: number; unknown: number; empty: number }

/** The file's units as queue edits: unknown keys and texts equal to the server's (or to the edit there) are counted, not taken. */
export function xliffEdits(read: XliffRead, parts: ReadonlyArray<LocalPart>, nowMs: number): { edits: QueueFile['edits']; counts: ImportCounts } {
  const counts: ImportCounts = { imported: 0, unchanged: 0, unknown: 0, empty: read.empty }
  const edits: QueueFile['edits'] = []
  for (const filePart of read.parts) {
    const local = parts.find((part) => part.original === filePart.original)
    for (const unit of filePart.units) {
      const text = local?.texts.get(unit.key)
      if (!local || !text) counts.unknown += 1
      else if (unit.target === (text.target ?? '') || unit.target === text.pending?.value) counts.unchanged += 1
      else {
        // The version the file's text stands on: the one exported with it, else the one on the device.
        const base = unit.base !== undefined ? unit.base : text.pending ? text.pending.base : text.stamp
        edits.push({
          scope: local.scope,
          dst: read.dst,
          key: unit.key,
          value: unit.target,
          base,
          source: text.source,
          ...(text.unit ? { unit: text.unit } : {}),
          edited_at: nowMs,
        })
      }
    }
  }
  counts.imported = edits.length
  return { edits, counts }
}

/** The units of a part as the file shows them: the text now (the edit on the device, else the server's). */
export function xliffUnits(part: LocalPart): XliffUnit[] {
  return [...part.texts].map(([key, text]) => {
    const value = text.pending ? text.pending.value : (text.target ?? '')
    return { key, source: text.source, target: value === '' ? null : value, note: text.note, base: text.pending ? text.pending.base : text.stamp }
  })
}

/** The texts of `subject` on this device with `owner`'s edits; null when the device has no copy. */
export async function localParts(subject: XliffSubject, owner: string): Promise<LocalPart[] | null> {
  const store = await loadStore()
  const db = store.translationDb()
  const { src, dst } = subject
  const withEdits = async (scope: EditScope, original: string, texts: Map<string, LocalText>): Promise<LocalPart> => {
    for (const row of await store.pendingOf(db, owner, scope, dst)) {
      const text = texts.get(row.key)
      if (text) text.pending = row
    }
    return { original, scope, texts }
  }
  if (subject.kind === 'texts') {
    const id = datasetId(subject.scope, src, dst)
    if (!(await db.datasets.get(id))) return null
    const entries = await store.allEntries(db, id)
    const texts = new Map(entries.map((entry) => [entry.key, { source: entry.source, target: entry.target, stamp: entry.stamp, note: entry.desc }]))
    return [await withEdits(subject.scope, subject.scope, texts)]
  }
  const catalog = await store.keptDocument(db, `catalog|${src}|${dst}`, catalogEndpoint.data)
  const root = catalog?.data.catalogues.find((node) => node.id === subject.id)
  if (!catalog || !root) return null
  const { languages, stamps } = catalog.data
  const labels = new Map<string, LocalText>()
  const articles: CatalogNode[] = []
  const walk = (node: CatalogNode) => {
    const key = node.props.label
    if (key && !labels.has(key)) {
      const source = languages[src]?.[1][key] ?? node.props.name
      labels.set(key, { source, target: translationOf(key, languages[dst]?.[1] ?? {}), stamp: stamps[dst]?.[key] ?? null, note: node.props.name })
    }
    if (node.kind === 'article') articles.push(node)
    node.children.forEach(walk)
  }
  walk(root)
  const parts = [await withEdits('catalogue', `catalogue:${subject.id}`, labels)]
  // An article's texts are kept per target language with the master as source (article-screen.tsx).
  if (src !== 'master') return parts
  const units = new Map<string, LocalText>()
  for (const article of articles) {
    const kept = await store.keptDocument(db, `article|${article.id}|${dst}`, articleEndpoint.data)
    if (!kept) continue
    const data = kept.data
    const visit = (unit: ArticleUnit) => {
      for (const key of [...unit.text.slice(0, 1), ...(unit.props.options ?? [])]) {
        if (!key || units.has(key)) continue
        units.set(key, {
          source: data.languages.master?.[1][key] ?? '',
          target: translationOf(key, data.languages[dst]?.[1] ?? {}),
          stamp: data.stamps[dst]?.[key] ?? null,
          note: `${data.article.props.name} · ${unit.tid}`,
          unit: { articleId: data.article.id, tid: unit.tid },
        })
      }
      unit.children.forEach(visit)
    }
    data.units.forEach(visit)
  }
  if (units.size > 0) parts.push(await withEdits('article_unit', `catalogue:${subject.id}:articles`, units))
  return parts
}

/** The <file original> values a subject's file may hold. */
export function originalsOf(subject: XliffSubject): string[] {
  return subject.kind === 'texts' ? [subject.scope] : [`catalogue:${subject.id}`, `catalogue:${subject.id}:articles`]
}

/** The file of `subject`'s texts ('untranslated': those without a text now); null when the device has no copy. */
export async function exportXliff(subject: XliffSubject, owner: string, mode: XliffMode, now = new Date()) {
  const parts = await localParts(subject, owner)
  if (!parts) return null
  const { xml, count } = buildXliff({
    src: subject.src,
    dst: subject.dst,
    mode,
    parts: parts.map((part) => ({ original: part.original, units: xliffUnits(part) })),
  })
  const what = subject.kind === 'texts' ? subject.scope : `catalogue-${subject.id}`
  const name = `${what}-${subject.src}-${subject.dst}${mode === 'untranslated' ? '-untranslated' : ''}-${now.toISOString().slice(0, 10)}.xlf`
  return { xml, count, name }
}

/** Puts a file's translations into `owner`'s queue as unsaved edits; a refused file changes nothing. */
export async function importXliff(
  subject: XliffSubject,
  owner: string,
  text: string,
  bytes: number,
  nowMs = Date.now(),
): Promise<{ ok: true; counts: ImportCounts } | { ok: false; problem: XliffProblem | { kind: 'no_copy' } }> {
  const read = readXliff(text, bytes, { src: subject.src, dst: subject.dst, originals: originalsOf(subject) })
  if (!read.ok) return read
  const parts = await localParts(subject, owner)
  if (!parts) return { ok: false, problem: { kind: 'no_copy' } }
  const { edits, counts } = xliffEdits(read.file, parts, nowMs)
  const store = await loadStore()
  const file: QueueFile = { format: store.QUEUE_FORMAT, version: 1, owner, exported_at: new Date(nowMs).toISOString(), edits }
  counts.imported = await store.importQueue(store.translationDb(), owner, file)
  return { ok: true, counts }
}
