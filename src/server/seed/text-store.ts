import type { NewText, NewTranslation, TextKind } from '../db/schema/index'
import { daysBefore } from './clock'
import { DEMO_ACCOUNTS } from './demo-accounts'
import type { Trio } from './data/vartext-vocab'
import type { Random } from './random'

/** Share of texts translated per target language. */
export type Coverage = { de: number; en: number; fr: number }

export type TextInput = {
  /** The source text; defaults to the German one. */
  master?: string
  text: Trio
  description?: string | null
  tags?: ReadonlyArray<string>
}

/** Collects texts and their translations with ids assigned up front, deduplicated by key. */
export class TextStore {
  readonly texts: Array<NewText & { id: number }> = []
  readonly translations: NewTranslation[] = []
  private readonly ids = new Map<string, number>()

  constructor(private readonly random: Random) {}

  add(kind: TextKind, key: string, input: TextInput, coverage: Coverage): number {
    const existing = this.ids.get(`${kind}|${key}`)
    if (existing !== undefined) return existing
    const id = this.texts.length + 1
    // A few master texts were edited after translation: their en/fr rows are stale.
    const revision = this.random.chance(0.05) ? 2 : 1
    const updatedAt = daysBefore(this.random.int(1, 200), this.random.int(0, 1440))
    this.texts.push({
      id,
      kind,
      key,
      description: input.description ?? null,
      tags: [...(input.tags ?? [])],
      revision,
      updatedAt,
    })
    this.ids.set(`${kind}|${key}`, id)
    const [de, en, fr] = input.text
    this.row(id, 'master', input.master ?? de, revision, null, updatedAt)
    if (this.random.chance(coverage.de)) this.row(id, 'de', de, revision, DEMO_ACCOUNTS.staff.userId, updatedAt)
    if (this.random.chance(coverage.en)) this.row(id, 'en', en, 1, DEMO_ACCOUNTS.translator.userId, updatedAt)
    if (this.random.chance(coverage.fr)) this.row(id, 'fr', fr, 1, DEMO_ACCOUNTS.translator.userId, updatedAt)
    return id
  }

  private row(textId: number, languageCode: string, value: string, revision: number, by: number | null, at: Date): void {
    this.translations.push({ textId, languageCode, value, revision, updatedByUserId: by, updatedAt: at })
  }
}
