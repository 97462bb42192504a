import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TRANSLATION_CHECKS } from '../../src/domain/translation-check-ids'
import { checkTranslation, type TranslationCheck } from '../../src/domain/translation-checks'
import { runPofilter } from '../helpers/pofilter'

// Our checks against translate-toolkit's pofilter on a corpus of furniture and door texts
// (decision 045): pofilter runs live; on each check we match, both must agree, or the corpus must
// say why not — where pofilter is wrong (numbers in another language's format), we stay quiet.

/** pofilter's checks and ours that look for the same problem. */
const GROUPS = [
  { name: 'brackets', pofilter: ['brackets'], ours: ['brackets_missing', 'brackets_extra'] },
  { name: 'newlines', pofilter: ['newlines'], ours: ['line_breaks'] },
  { name: 'tabs', pofilter: ['tabs'], ours: ['tabs'] },
  { name: 'doublewords', pofilter: ['doublewords'], ours: ['doubled_words'] },
  { name: 'escapes', pofilter: ['escapes'], ours: ['escapes_missing', 'escapes_extra'] },
  { name: 'numbers', pofilter: ['numbers'], ours: ['numbers_missing', 'numbers_extra', 'numbers_format'] },
  { name: 'xmltags', pofilter: ['xmltags'], ours: ['tags_missing', 'tags_extra'] },
  { name: 'placeholders', pofilter: ['printf', 'pythonbraceformat', 'variables'], ours: ['placeholders_missing', 'placeholders_extra'] },
  { name: 'endpunc', pofilter: ['endpunc'], ours: ['end_punctuation'] },
  { name: 'startcaps', pofilter: ['startcaps'], ours: ['first_letter'] },
  { name: 'unchanged', pofilter: ['unchanged'], ours: ['same_as_source'] },
  { name: 'whitespace', pofilter: ['startwhitespace', 'endwhitespace'], ours: ['edge_spaces'] },
  { name: 'doublespacing', pofilter: ['doublespacing'], ours: ['double_spaces'] },
] as const satisfies ReadonlyArray<{ name: string; pofilter: ReadonlyArray<string>; ours: ReadonlyArray<TranslationCheck> }>
const GROUP_NAMES = GROUPS.map((group) => group.name)
/** Why the two disagree on a case, and so which of them finds something there. */
const ONLY = {
  'pofilter-wrong': 'pofilter',
  'pofilter-misses': 'ours',
  'ours-wrong': 'ours',
  'ours-misses': 'pofilter',
  // We report it under another of our checks (pofilter's finds it here).
  'ours-elsewhere': 'pofilter',
  'pofilter-elsewhere': 'ours',
} as const
const KINDS = ['pofilter-wrong', 'pofilter-misses', 'ours-wrong', 'ours-misses', 'ours-elsewhere', 'pofilter-elsewhere'] as const

const corpus = z
  .object({
    about: z.array(z.string()),
    cases: z.array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        languages: z.tuple([z.string(), z.string()]),
        source: z.string(),
        target: z.string(),
        ours: z.array(z.enum(TRANSLATION_CHECKS)),
        differs: z.partialRecord(z.enum(GROUP_NAMES), z.object({ kind: z.enum(KINDS), why: z.string().min(10) })).default({}),
        note: z.string().optional(),
      }),
    ),
  })
  .parse(JSON.parse(readFileSync(new URL('./pofilter-corpus.json', import.meta.url), 'utf8'))).cases

const ours = new Map(
  corpus.map((item) => [item.id, checkTranslation(item.source, item.target, { sourceLanguage: item.languages[0], targetLanguage: item.languages[1] })]),
)
let pofilter: Map<string, string[]>
beforeAll(() => {
  pofilter = runPofilter(
    corpus.map((item) => ({
      id: item.id,
      source: item.source,
      target: item.target,
      targetLanguage: item.languages[1] === 'master' ? 'de' : item.languages[1],
    })),
  )
})

/** Per case and matched check: whether pofilter and we each find something. */
function verdicts(group: (typeof GROUPS)[number], id: string) {
  const theirs = (pofilter.get(id) ?? []).some((name) => group.pofilter.some((check) => check === name))
  const mine = (ours.get(id) ?? []).some((issue) => group.ours.some((check) => check === issue.check))
  return { theirs, mine }
}

describe('the checks against pofilter', () => {
  it('has a corpus of dozens of texts in both directions, with real mistakes and good translations', () => {
    const direction = (source: string, target: string) => corpus.filter((item) => item.languages[0] === source && item.languages[1] === target)
    expect(direction('master', 'en').length).toBeGreaterThanOrEqual(30)
    expect(direction('en', 'de').length).toBeGreaterThanOrEqual(30)
    const good = corpus.filter((item) => item.id.includes('-good-'))
    expect(good.length).toBeGreaterThanOrEqual(30)
    expect(corpus.length - good.length).toBeGreaterThanOrEqual(50)
    // Our two known false alarms on good translations (the corpus says why); every other good one is quiet.
    expect(good.filter((item) => item.ours.length > 0).map((item) => item.id)).toEqual(['de-en-good-number-digits', 'en-de-good-fraction'])
    expect(new Set(corpus.map((item) => item.id)).size).toBe(corpus.length)
  })

  it('finds in each case what the corpus says, no more and no less', () => {
    const found = corpus.map((item) => ({ id: item.id, ours: ours.get(item.id)!.map((issue) => issue.check) }))
    expect(found).toEqual(corpus.map((item) => ({ id: item.id, ours: item.ours })))
  })

  it('agrees with pofilter on each check we match, except where the corpus says why not', () => {
    const disagreements: string[] = []
    const declared: string[] = []
    const rows: string[] = []
    for (const group of GROUPS) {
      const counts = { both: 0, pofilter: 0, ours: 0, neither: 0 }
      for (const item of corpus) {
        const { theirs, mine } = verdicts(group, item.id)
        counts[theirs && mine ? 'both' : theirs ? 'pofilter' : mine ? 'ours' : 'neither'] += 1
        if (theirs !== mine) disagreements.push(`${item.id} ${group.name}: ${theirs ? 'pofilter' : 'ours'} only`)
        const differs = item.differs[group.name]
        if (differs) declared.push(`${item.id} ${group.name}: ${ONLY[differs.kind]} only`)
      }
      const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`)
      const found = counts.both + counts.pofilter + counts.ours
      rows.push(
        `| ${group.name} | ${counts.both} | ${counts.pofilter} | ${counts.ours} | ${counts.neither} | ${percent(counts.both + counts.neither, corpus.length)} | ${percent(counts.both, found)} |`,
      )
    }
    // pofilter's other checks: how often each fails, and how often on a good translation.
    const matched = new Set<string>(GROUPS.flatMap((group) => group.pofilter))
    const others = new Map<string, { all: number; good: number }>()
    for (const item of corpus) {
      for (const name of new Set(pofilter.get(item.id))) {
        if (matched.has(name)) continue
        const count = others.get(name) ?? { all: 0, good: 0 }
        others.set(name, { all: count.all + 1, good: count.good + (item.id.includes('-good-') ? 1 : 0) })
      }
    }
    console.info(
      [
        `pofilter and ours on ${corpus.length} cases:`,
        '| check | both | pofilter only | ours only | neither | agreement | agreement where either finds something |',
        ...rows,
        `pofilter's other checks (failed / of those on good translations): ${[...others].map(([name, count]) => `${name} ${count.all}/${count.good}`).join(', ')}`,
      ].join('\n'),
    )
    expect(disagreements.sort()).toEqual(declared.sort())
  })

  it('stays quiet where pofilter is wrong: numbers in the other language’s format, German grammar, a placeholder or tag first', () => {
    const wrong = corpus.flatMap((item) =>
      Object.entries(item.differs)
        .filter(([, differs]) => differs.kind === 'pofilter-wrong')
        .map(([group]) => ({ id: item.id, group })),
    )
    for (const { id, group } of wrong)
      expect(
        verdicts(
          GROUPS.find((candidate) => candidate.name === group)!,
          id,
        ),
        `${id} ${group}`,
      ).toEqual({ theirs: true, mine: false })
    const numbers = wrong.filter((entry) => entry.group === 'numbers').map((entry) => entry.id)
    expect(numbers).toEqual(expect.arrayContaining(['de-en-good-price', 'en-de-good-price', 'de-en-good-minimum']))
    expect(wrong.length).toBeGreaterThanOrEqual(15)
  })

  it('lists every check pofilter has in the decision, as pofilter --listfilters prints them', () => {
    const listed = spawnSync('pofilter', ['--listfilters'], { encoding: 'utf8' })
    if (listed.error) throw new Error(`pofilter could not run (${listed.error.message}): install it with \`apt-get install translate-toolkit\``)
    const names = [...listed.stdout.matchAll(/^(\w+)\t/gm)].map((match) => match[1]!)
    expect(names).toEqual(expect.arrayContaining(['brackets', 'newlines', 'doublewords', 'escapes', 'numbers', 'xmltags']))
    const decision = readFileSync(new URL('../../docs/decisions/045-qa-checks-pofilter.md', import.meta.url), 'utf8')
    expect(names.filter((name) => !decision.includes(`| \`${name}\` |`))).toEqual([])
  })
})
