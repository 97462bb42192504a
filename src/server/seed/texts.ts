import { SYSTEM_AREAS, SYSTEM_MESSAGES } from './data/system-vocab'
import { ACCESSORIES, FINISHES, MATERIALS, NOUNS, VARTEXT_DESCRIPTIONS, VARTEXT_TEMPLATES, type Trio } from './data/vartext-vocab'
import type { Random } from './random'
import type { Coverage, TextStore } from './text-store'

// de mostly translated, en about 60 %, fr about 25 % (the brief's translation progress).
const COVERAGE: Coverage = { de: 0.92, en: 0.6, fr: 0.25 }
const VARTEXT_COUNT = 320

type Candidate = { text: Trio; master?: string; tags: string[] }

/** Article description texts ('VT-000001' …) composed from parallel phrases. */
export function addVartexts(random: Random, store: TextStore): void {
  const candidates: Candidate[] = []
  for (const template of VARTEXT_TEMPLATES) {
    for (const noun of NOUNS) {
      const modifiers: ReadonlyArray<{ code: string; text: Trio; tag?: string }> =
        template.modifiers === 'finish'
          ? FINISHES
          : template.modifiers === 'material'
            ? MATERIALS.map((text, index) => ({ code: `M${index}`, text }))
            : template.modifiers === 'accessory'
              ? ACCESSORIES.map((text, index) => ({ code: `A${index}`, text }))
              : [{ code: '', text: ['', '', ''] }]
      for (const modifier of modifiers) {
        const text = template.build(noun.text, modifier.text)
        const tags = [noun.tag, ...(modifier.tag ? [modifier.tag] : [])]
        if (text[0].includes('{') || text[0].includes('%s')) tags.push('placeholder')
        candidates.push({ text, master: template.technical?.(noun.code, modifier.code), tags })
      }
    }
  }
  random
    .shuffle(candidates)
    .slice(0, VARTEXT_COUNT)
    .forEach((candidate, index) => {
      store.add(
        'vartext',
        `VT-${String(index + 1).padStart(6, '0')}`,
        {
          text: candidate.text,
          master: candidate.master,
          description: random.chance(0.2) ? random.pick(VARTEXT_DESCRIPTIONS) : null,
          tags: random.chance(0.7) ? candidate.tags : [],
        },
        COVERAGE,
      )
    })
}

/** System messages ('basket.saved' …): every area with every message pattern. */
export function addSystemTexts(random: Random, store: TextStore): void {
  for (const area of SYSTEM_AREAS) {
    for (const message of SYSTEM_MESSAGES) {
      const fill = (language: 0 | 1 | 2) => capitalize(message.text[language].replaceAll('@', area.text[language]))
      const [de, en, fr] = [fill(0), fill(1), fill(2)]
      store.add(
        'system',
        `${area.key}.${message.key}`,
        {
          text: [de, en, fr],
          description: message.description && random.chance(0.6) ? message.description : null,
          tags: [area.key],
        },
        COVERAGE,
      )
    }
  }
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}
