import { z } from 'zod'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint, spooledFile } from './endpoint'
import { appConfig } from '../../app.config'
import { pair } from './envelope'
import { UNIT_GROUP_KINDS, UNIT_ITEM_KINDS } from '../domain/catalogue'
import { languageCode } from './language-code'
import type { ReviewState } from '../domain/review-state'
import { SAVE_BATCH_LIMIT } from './translation-save'

// Translation area: vartext and system message dictionaries, the
// catalogue, articles, the dump and the XML import. Saving: translation-save.ts.

export { languageCode }

export const textsQuery = z.object({
  src: languageCode.default('master'),
  dst: languageCode.default('en'),
})

/** One vartext or system message entry: its key (the master text's key) and description. */
export const textEntry = z.object({ text: z.string(), desc: z.string().nullable(), tags: z.array(z.string()) }).meta({ id: 'TextEntry' })

/** Code → [name, {key → text}], as the spec's "Languages" map. */
export const languagesMap = z.record(z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])).meta({ id: 'Languages' })

/** Code → key → when its value was last saved (ISO time). */
const stamps = z.record(z.string(), z.record(z.string(), z.string())).meta({ id: 'Stamps' })

/**
 * Code → key → master revision (decision 038): under src every text of the answer with its
 * master text's current revision; under dst each value with the revision it was written against.
 * A dst value whose revision is lower than its text's is outdated. Always sent; a client reading
 * an older backend, which sends none, gets {} (nothing known to be outdated).
 */
const revisions = z.record(z.string(), z.record(z.string(), z.number().int())).meta({ id: 'Revisions' })

/**
 * REVIEW_STATES of src/domain/review-state.ts, spelled here: the screens' first loads hold this
 * module (the kept texts' check), and importing that module's value split it into a chunk of its
 * own there (decision 035). tsc holds it to the same states (every one, no other).
 */
const SHOWN_STATES = { translated: 'translated', needs_editing: 'needs_editing', approved: 'approved' } as const satisfies {
  [S in ReviewState]: S
}

/**
 * Code → key → review state of the dst value (docs/decisions/049): needs_editing or approved.
 * A dst value not named here is translated; an approval of an outdated value is not sent.
 * Older backends send none: {}.
 */
export const reviewStates = z
  .record(z.string(), z.record(z.string(), z.enum(SHOWN_STATES)))
  .default({})
  .meta({ id: 'ReviewStates' })

/** Code → key → how many comments the text has in that language (only texts that have some). */
export const commentCounts = z.record(z.string(), z.record(z.string(), z.number().int())).default({}).meta({ id: 'CommentCounts' })

const textsData = z
  .object({
    texts: z.array(textEntry),
    languages: languagesMap,
    language_choices: z.array(pair(z.string())),
    t9n_tags: z.array(z.string()),
    // When each value of src and dst was last saved (ISO time): the base a later save names,
    // so the server can tell that someone else changed a text meanwhile.
    stamps,
    revisions: revisions.default({}),
    states: reviewStates,
    comments: commentCounts,
  })
  .meta({ id: 'Texts' })
export type TextsData = z.infer<typeof textsData>

export const vartextTextsEndpoint = defineEndpoint({
  id: 'translation.vartext',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/vartext/',
  summary: 'Article description (vartext) entries with the source and target dictionaries.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: textsQuery,
  body: NO_BODY,
  data: textsData,
})

export const systemTextsEndpoint = defineEndpoint({
  id: 'translation.system',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/system/',
  summary: 'System message entries with the source and target dictionaries.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: textsQuery,
  body: NO_BODY,
  data: textsData,
})

/** A node of a catalogue; props.label is the key of its label text. */
export type CatalogNode = {
  id: number
  kind: 'catalog' | 'category' | 'article'
  props: { label: string | null; name: string; image: string | null }
  t9n_tags: string[]
  url: string
  children: CatalogNode[]
}

export const catalogNode: z.ZodType<CatalogNode> = z
  .object({
    id: z.number().int(),
    kind: z.enum(['catalog', 'category', 'article']),
    props: z.object({ label: z.string().nullable(), name: z.string(), image: z.string().nullable() }),
    t9n_tags: z.array(z.string()),
    url: z.string(),
    get children() {
      return z.array(catalogNode)
    },
  })
  // The name of the recursive definition in /vue/openapi.json (components.schemas).
  .meta({ id: 'CatalogNode' })

export const catalogEndpoint = defineEndpoint({
  id: 'translation.catalog',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/catalog/',
  summary: 'The catalogues as trees, their label dictionaries and translated/total counts for the target language.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: textsQuery,
  body: NO_BODY,
  data: z.object({
    catalogues: z.array(catalogNode),
    languages: languagesMap,
    language_choices: z.array(pair(z.string())),
    // Per catalogue id: how many of its texts (labels and article units) exist, and how many
    // of them the target language has.
    progress: z.record(z.string(), z.object({ total: z.number().int(), translated: z.number().int() })),
    // When each label value was last saved: the base of a later save.
    stamps,
    revisions: revisions.default({}),
    states: reviewStates,
    comments: commentCounts,
  }),
})
export type CatalogData = z.infer<typeof catalogEndpoint.data>
export type ArticleData = z.infer<typeof articleEndpoint.data>

/**
 * A translatable unit of an article: tid, and text — a list whose first
 * element is the key into the language dictionaries (empty for units without text). Groups
 * (row, multirow, frame, accordion) hold items (text, editbox, checkbox, combobox, sum,
 * messagebox, tooltip, logic); props carry label flags (t9n), values, combobox option keys.
 */
export type ArticleUnit = {
  tid: string
  group: (typeof UNIT_GROUP_KINDS)[number] | null
  item: (typeof UNIT_ITEM_KINDS)[number] | null
  text: string[]
  props: { t9n?: boolean; val?: string; unit?: string; min?: number; max?: number; options?: string[]; command?: string }
  children: ArticleUnit[]
}

export const articleUnit: z.ZodType<ArticleUnit> = z
  .object({
    tid: z.string(),
    group: z.enum(UNIT_GROUP_KINDS).nullable(),
    item: z.enum(UNIT_ITEM_KINDS).nullable(),
    text: z.array(z.string()),
    props: z.object({
      t9n: z.boolean().optional(),
      val: z.string().optional(),
      unit: z.string().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      options: z.array(z.string()).optional(),
      command: z.string().optional(),
    }),
    get children() {
      return z.array(articleUnit)
    },
  })
  .meta({ id: 'ArticleUnit' })

export const articleEndpoint = defineEndpoint({
  id: 'translation.article',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/article/{id}/{model}/',
  summary: 'The translatable units of an article ({id}: its node id, {model}: the last segment of its url) with the master and ?lang= dictionaries.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), model: z.string().min(1).max(200) }),
  query: z.object({ lang: languageCode.default('en') }),
  body: NO_BODY,
  data: z.object({
    article: z.object({
      id: z.number().int(),
      catalogue: z.number().int(),
      url: z.string(),
      props: z.object({ label: z.string().nullable(), name: z.string() }),
    }),
    units: z.array(articleUnit),
    languages: languagesMap,
    language_choices: z.array(pair(z.string())),
    stamps,
    revisions: revisions.default({}),
    states: reviewStates,
    comments: commentCounts,
  }),
})

/** One unit of an article export: its text key and the text in every language. */
export const dumpUnit = z.object({
  tid: z.string(),
  group: z.string().nullable(),
  item: z.string().nullable(),
  key: z.string().nullable(),
  texts: z.record(z.string(), z.string()),
})

export const dumpEndpoint = defineEndpoint({
  id: 'translation.dump',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/dump/',
  summary:
    "Exports the named units of an article (body: the units' tids) in every language, as JSON. The article is the one holding the tids; ?article= (its node id) names it where tids repeat across articles.",
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: NO_PARAMS,
  query: z.object({ article: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  body: z.array(z.string().min(1).max(200)).min(1).max(SAVE_BATCH_LIMIT),
  data: z.object({
    article: z.object({ id: z.number().int(), url: z.string(), name: z.string() }),
    languages: z.array(pair(z.string())),
    units: z.array(dumpUnit),
  }),
  // Asks for a file by POST and changes nothing: not in the trail (decision 053).
  activity: 'none',
})

const importCounts = z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() })

export const vartextXmlEndpoint = defineEndpoint({
  id: 'translation.vartextXml',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/vartext-xml/',
  summary:
    'Imports vartext master texts and translations from an XML file (multipart field "file", at most 20 MB; format in the README). All or nothing: any problem imports nothing.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ file: spooledFile }),
  data: z.object({ texts: importCounts, translations: importCounts }),
  // Spooled to disk as it arrives: the file is then read once, not held as the body, a form and
  // a copy besides (a 19.5 MB file peaked at +96 MB of server memory that way; decision 013).
  multipart: { limitBytes: appConfig.limits.xmlImportBytes, spool: true },
})
export type ImportData = z.infer<typeof vartextXmlEndpoint.data>
