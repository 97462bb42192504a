import { articleEndpoint, catalogEndpoint, type ArticleUnit, type CatalogNode } from '../../../src/contract/translation'
import { translationOf } from '../../../src/domain/translation'
import { datasetId, isOutdated, revisionsOf, type EditScope, type EntryRow, type Scope } from './local-keys'
import type { QueueFile } from './queue-file'
import { loadStore } from './store'
import {
  xliffEdits,
  xliffReviews,
  xliffUnits,
  type ImportCounts,
  type ImportedReviews,
  type LocalPart,
  type LocalText,
  type PreviousSources,
} from './xliff-edits'
import { readXliff, type XliffMode, type XliffProblem, type XliffUnit } from './xliff-file'
import { buildXliff } from './xliff-write'

// The XLIFF round trip on the local store (docs/decisions/039), loaded on first use: the texts a
// screen shows, with the edits on this device, go out as a file; a file's translations come back
// as unsaved edits through the same import as a file of unsaved edits (queue-file.ts). Which
// file unit becomes which edit is decided in xliff-edits.ts.

export type { ImportCounts, ImportedReviews }

/** The comments of texts (keyed by previousSourceKey) in `lang`: the desk reads them from the server, online (xliff-comments.ts). */
export type TextComments = (
  wanted: ReadonlyArray<{ scope: EditScope; key: string }>,
  lang: string,
) => Promise<ReadonlyMap<string, NonNullable<XliffUnit['comments']>>>

/** What a screen exports and imports: a workspace's texts, or a catalogue (its labels and its articles' texts). */
export type XliffSubject = { kind: 'texts'; scope: Scope; src: string; dst: string } | { kind: 'catalogue'; id: number; src: string; dst: string }

/** An outdated text's translation as the server has it, the source revision it was made against (local-keys.ts). */
function outdatedOf(entry: Pick<EntryRow, 'target' | 'revision' | 'targetRevision'>): Pick<LocalText, 'outdated'> {
  return isOutdated(entry) && typeof entry.targetRevision === 'number' ? { outdated: { revision: entry.targetRevision } } : {}
}

/** A kept answer's review state and comment count of a text (docs/decisions/049). */
function reviewOf(
  states: Record<string, Record<string, string>>,
  comments: Record<string, Record<string, number>>,
  dst: string,
  key: string,
): Pick<LocalText, 'review' | 'comments'> {
  const state = states[dst]?.[key]
  const count = comments[dst]?.[key] ?? 0
  return { ...(state === 'approved' || state === 'needs_editing' ? { review: state } : {}), ...(count > 0 ? { comments: count } : {}) }
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
    const texts = new Map(
      entries.map((entry): [string, LocalText] => [
        entry.key,
        {
          source: entry.source,
          target: entry.target,
          stamp: entry.stamp,
          note: entry.desc,
          ...outdatedOf(entry),
          ...(entry.review ? { review: entry.review } : {}),
          ...(entry.comments ? { comments: entry.comments } : {}),
        },
      ]),
    )
    return [await withEdits(subject.scope, subject.scope, texts)]
  }
  const catalog = await store.keptDocument(db, `catalog|${src}|${dst}`, catalogEndpoint.data)
  const root = catalog?.data.catalogues.find((node) => node.id === subject.id)
  if (!catalog || !root) return null
  const { languages, stamps, revisions, states, comments } = catalog.data
  const labels = new Map<string, LocalText>()
  const articles: CatalogNode[] = []
  const walk = (node: CatalogNode) => {
    const key = node.props.label
    if (key && !labels.has(key)) {
      const source = languages[src]?.[1][key] ?? node.props.name
      const target = translationOf(key, languages[dst]?.[1] ?? {})
      const outdated = outdatedOf({ target, ...revisionsOf(revisions, key, dst) })
      labels.set(key, { source, target, stamp: stamps[dst]?.[key] ?? null, note: node.props.name, ...outdated, ...reviewOf(states, comments, dst, key) })
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
        const target = translationOf(key, data.languages[dst]?.[1] ?? {})
        units.set(key, {
          source: data.languages.master?.[1][key] ?? '',
          target,
          stamp: data.stamps[dst]?.[key] ?? null,
          note: `${data.article.props.name} · ${unit.tid}`,
          unit: { articleId: data.article.id, tid: unit.tid },
          ...outdatedOf({ target, ...revisionsOf(data.revisions, key, dst) }),
          ...reviewOf(data.states, data.comments, dst, key),
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

export type ExportOptions = {
  now?: Date
  previousSources?: PreviousSources
  previousSourceNote?: (source: string) => string
  /** The comments of the texts that have some (keyed by previousSourceKey), as far as they can be had. */
  comments?: TextComments
  commentNote?: (comment: NonNullable<XliffUnit['comments']>[number]) => string
}

/**
 * The file of `subject`'s texts ('untranslated': those that need work); null when the device has
 * no copy. Outdated texts carry the source they were made from where `previousSources` finds it:
 * the master text's history, so only when the file's source is the master.
 */
export async function exportXliff(subject: XliffSubject, owner: string, mode: XliffMode, options: ExportOptions = {}) {
  const { now = new Date(), previousSources, previousSourceNote, commentNote } = options
  const parts = await localParts(subject, owner)
  if (!parts) return null
  const wanted = parts.flatMap((part) =>
    [...part.texts].flatMap(([key, text]) => (text.outdated && !text.pending ? [{ scope: part.scope, key, revision: text.outdated.revision }] : [])),
  )
  const previous = previousSources && subject.src === 'master' && wanted.length > 0 ? await previousSources(wanted) : new Map<string, string>()
  const commented = parts.flatMap((part) => [...part.texts].flatMap(([key, text]) => (text.comments ? [{ scope: part.scope, key }] : [])))
  const comments = options.comments && commented.length > 0 ? await options.comments(commented, subject.dst) : new Map()
  const { xml, count } = buildXliff({
    src: subject.src,
    dst: subject.dst,
    mode,
    parts: parts.map((part) => ({ original: part.original, units: xliffUnits(part, previous, comments) })),
    ...(previousSourceNote ? { previousSourceNote } : {}),
    ...(commentNote ? { commentNote } : {}),
  })
  const what = subject.kind === 'texts' ? subject.scope : `catalogue-${subject.id}`
  const name = `${what}-${subject.src}-${subject.dst}${mode === 'untranslated' ? '-untranslated' : ''}-${now.toISOString().slice(0, 10)}.xlf`
  return { xml, count, name }
}

/**
 * Puts a file's translations into `owner`'s queue as unsaved edits, its notes as comments and its
 * approvals (for a reviewer) into the queue of reviews (docs/decisions/049), which sends them
 * when online; a refused file changes nothing.
 */
export async function importXliff(
  subject: XliffSubject,
  owner: string,
  text: string,
  bytes: number,
  nowMs = Date.now(),
  { canReview = false }: { canReview?: boolean } = {},
): Promise<{ ok: true; counts: ImportCounts; reviews: ImportedReviews } | { ok: false; problem: XliffProblem | { kind: 'no_copy' } }> {
  const read = readXliff(text, bytes, { src: subject.src, dst: subject.dst, originals: originalsOf(subject) })
  if (!read.ok) return read
  const parts = await localParts(subject, owner)
  if (!parts) return { ok: false, problem: { kind: 'no_copy' } }
  const { edits, counts } = xliffEdits(read.file, parts, nowMs)
  const store = await loadStore()
  const file: QueueFile = { format: store.QUEUE_FORMAT, version: 1, owner, exported_at: new Date(nowMs).toISOString(), edits }
  counts.imported = await store.importQueue(store.translationDb(), owner, file)
  const reviews = xliffReviews(read.file, parts, canReview)
  const queue = store.reviewQueueDb()
  for (const comment of reviews.comments) {
    await store.queueComment(queue, {
      owner,
      kind: comment.kind,
      lang: subject.dst,
      key: comment.key,
      text: comment.text,
      at: nowMs,
      clientId: comment.clientId,
    })
  }
  for (const kind of new Set(reviews.approvals.map((approval) => approval.kind))) {
    const texts = reviews.approvals.filter((approval) => approval.kind === kind)
    await store.queueReviews(queue, owner, kind, subject.dst, 'approved', texts, null, nowMs)
  }
  Object.assign(counts, { comments: reviews.comments.length, approved: reviews.approvals.length, notApproved: reviews.notApproved })
  return { ok: true, counts, reviews }
}
