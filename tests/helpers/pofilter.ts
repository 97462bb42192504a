import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// translate-toolkit's pofilter (Debian's translate-toolkit package), run live on a PO file made
// of the cases: which of its checks fail for each case. Its spell check is left out: it answers
// what the machine's dictionaries hold, not what the translation is.

export type PofilterCase = { id: string; target: string; source: string; targetLanguage: string }

/** A PO string literal. */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r')}"`
}

/** Case id → the names of pofilter's checks that fail for it; one pofilter run per target language. */
export function runPofilter(cases: ReadonlyArray<PofilterCase>): Map<string, string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'pofilter-'))
  const failed = new Map<string, string[]>(cases.map((item) => [item.id, []]))
  try {
    for (const language of new Set(cases.map((item) => item.targetLanguage))) {
      const po = ['msgid ""', 'msgstr ""', quoted(`Content-Type: text/plain; charset=UTF-8\nLanguage: ${language}\n`), '']
      for (const item of cases.filter((candidate) => candidate.targetLanguage === language)) {
        po.push(`msgctxt ${quoted(item.id)}`, `msgid ${quoted(item.source)}`, `msgstr ${quoted(item.target)}`, '')
      }
      const input = join(folder, `${language}.po`)
      const output = join(folder, `${language}.failed.po`)
      writeFileSync(input, po.join('\n'))
      const run = spawnSync('pofilter', ['--progress=none', '--excludefilter=spellcheck', `--language=${language}`, input, output], { encoding: 'utf8' })
      if (run.error) throw new Error(`pofilter could not run (${run.error.message}): install it with \`apt-get install translate-toolkit\``)
      if (run.status !== 0) throw new Error(`pofilter failed (${run.status}): ${run.stderr}`)
      // Each failing unit: "# (pofilter) <check>: <message>" lines, then its msgctxt (the case id).
      let names: string[] = []
      for (const line of readFileSync(output, 'utf8').split('\n')) {
        const check = /^# \(pofilter\) (\w+):/.exec(line)
        if (check) names.push(check[1]!)
        const context = /^msgctxt "(.*)"$/.exec(line)
        if (context) {
          failed.get(context[1]!)?.push(...names)
          names = []
        }
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  return failed
}
