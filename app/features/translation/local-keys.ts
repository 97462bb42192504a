import type { SaveConflict } from '../../../src/contract/translation-save'

// The local store's rows and ids without the store itself (local-store.ts, with Dexie): what a
// screen needs to name before the store is loaded (store.ts loads it on first use).

/** Lists of texts kept as entries. */
export type Scope = 'vartext' | 'system'
/** Every kind of text an edit can be for (catalogue labels and article units too). */
export type EditScope = Scope | 'catalogue' | 'article_unit'

/** A server answer kept whole (the catalogue trees, an article's units) for offline use. */
export type DocumentRow = { id: string; loadedAt: number; data: unknown }

export type DatasetRow = {
  /** `${scope}|${src}|${dst}` */
  id: string
  scope: Scope
  src: string
  dst: string
  loadedAt: number
  total: number
  tags: string[]
  languageChoices: Array<[string, string]>
  /** Bumped when a save changed entries, so other tabs read them again. */
  savedAt: number
  /** The keys the last save changed (at savedAt): open lists re-read only these. */
  lastChange?: { at: number; keys: string[] }
}

export type EntryRow = {
  datasetId: string
  /** Position in the spec's sort order when loaded; stays put while the translator works. */
  order: number
  key: string
  desc: string | null
  tags: string[]
  source: string
  /** The server's text in the target language; null when untranslated. */
  target: string | null
  /** When the server's target value was saved: the base a save names. */
  stamp: string | null
  /** The source text's revision (docs/decisions/038-translation-history-and-glossary.md); absent in copies kept before it was sent. */
  revision?: number
  /** The source revision the target was written against; outdated when lower than `revision`. */
  targetRevision?: number | null
  /** The target value's review state when it is not plain translated (decision 049; read calls' `states`). */
  review?: 'approved' | 'needs_editing'
  /** How many comments the text has in the target language (read calls' `comments`). */
  comments?: number
}

/** Code → key → revision, as the read answers send them (`revisions`). */
export type Revisions = Record<string, Record<string, number>>

/**
 * The source revision of `key` and the one its `dst` value was made against, in a kept answer
 * (catalogue, article): the source's is the same under every other language.
 */
export function revisionsOf(revisions: Revisions | undefined, key: string, dst: string): { revision?: number; targetRevision: number | null } {
  const targetRevision = revisions?.[dst]?.[key] ?? null
  for (const [code, byKey] of Object.entries(revisions ?? {})) {
    const revision = byKey[key]
    if (code !== dst && revision !== undefined) return { revision, targetRevision }
  }
  return { targetRevision }
}

/** A translation made against an older source text than the current one. */
export function isOutdated(entry: Pick<EntryRow, 'target' | 'revision' | 'targetRevision'>): boolean {
  return entry.target !== null && entry.revision !== undefined && typeof entry.targetRevision === 'number' && entry.targetRevision < entry.revision
}

export type PendingRow = {
  /** `${owner}|${scope}|${dst}|${key}` */
  id: string
  /** Who typed it (the username; '' before anyone signed in on this browser): only they see and send it. */
  owner: string
  scope: EditScope
  dst: string
  key: string
  value: string
  /** The stamp of the server value the edit started from (null: there was none). */
  base: string | null
  editedAt: number
  state: 'pending' | 'conflict'
  /** Why the last save did not take it (shown next to the entry). */
  reason: string | null
  theirs: SaveConflict['theirs'] | null
  /** Article texts: the article and unit the text belongs to (the save's pid2trus). */
  unit?: { articleId: number; tid: string }
  /** The source text the edit was made against: the save's summary checks the edit against it. */
  source?: string
  /** "Confirm translation" of an outdated text: the same value, sent to be marked current. */
  confirm?: true
  /**
   * Put in by "Fill exact matches" from the translation memory, not typed: shown as such until
   * the translator changes it, and never sent by the background save (only by a click on Save).
   */
  fromMemory?: true
}

/** Whether the other side of a conflict was saved by the edit's own user (another window, another device). */
export function savedByOwner(pending: Pick<PendingRow, 'owner' | 'theirs'>): boolean {
  const username = pending.theirs?.username
  return typeof username === 'string' && username !== '' && username === pending.owner
}

/** Entries are kept in chunks of CHUNK_SIZE rows: 100 records write and read far faster than 100,000. */
export const CHUNK_SIZE = 1000
export type ChunkRow = { datasetId: string; chunk: number; rows: EntryRow[] }
/** Per dataset: each key's order, to find the chunk of a saved entry. */
export type KeyMapRow = { datasetId: string; orders: Record<string, number> }

export function datasetId(scope: Scope, src: string, dst: string): string {
  return `${scope}|${src}|${dst}`
}

export function pendingId(owner: string, scope: EditScope, dst: string, key: string): string {
  return `${owner}|${scope}|${dst}|${key}`
}

/** The largest file of unsaved edits an import reads (queue-file.ts), in MB. */
export const QUEUE_FILE_MAX_MB = 50
