import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every relative link in README.md and docs/ leads to a file of the repository. Web and mail
// links and links within a page (#anchor) are not checked; a link's #fragment is left out.

/** README.md and every Markdown file under docs/, as paths from the project root. */
function markdownFiles(): string[] {
  const inDocs = readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name))
  return ['README.md', ...inDocs.sort()]
}

/** The targets of a page's links: inline `[text](target)`, images, and `[label]: target`. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = []
  let inFence = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence
      continue
    }
    if (inFence) continue
    const text = line.replace(/(`+)[^`]*?\1/g, '')
    for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1] ?? '')
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text)
    if (definition) targets.push(definition[1] ?? '')
  }
  return targets
}

/** Whether a target is left out: a web or mail link, or an anchor on the same page. */
export function isExternal(target: string): boolean {
  return /^(https?:|mailto:)/i.test(target) || target.startsWith('#')
}

describe('links in README.md and docs/', () => {
  it('finds the links of a page, and leaves out code', () => {
    const page = ['See [a](docs/a.md#part) and ![logo](img/l.png "Logo").', '`[not](code.md)`', '```', '[no](fence.md)', '```', '[ref]: b.md'].join('\n')
    expect(linkTargets(page)).toEqual(['docs/a.md#part', 'img/l.png', 'b.md'])
    expect(['https://x.example', 'mailto:a@b.example', '#top', 'a.md'].filter((target) => !isExternal(target))).toEqual(['a.md'])
  })

  it('has pages to check', () => {
    const files = markdownFiles()
    expect(files).toContain('README.md')
    expect(files).toContain(join('docs', 'configuration.md'))
  })

  it('leads every relative link to an existing file', () => {
    const broken: string[] = []
    for (const file of markdownFiles()) {
      for (const target of linkTargets(readFileSync(file, 'utf8'))) {
        if (isExternal(target)) continue
        const path = decodeURIComponent(target.split('#')[0] ?? '')
        if (!existsSync(normalize(join(dirname(file), path)))) broken.push(`${file}: ${target}`)
      }
    }
    expect(broken).toEqual([])
  })
})
