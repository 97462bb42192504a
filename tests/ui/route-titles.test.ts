import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every screen has a title "Page · Site": each page route (one with a component)
// names its page through pageHead, and the root gives the not-found page its own.
function routeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? routeFiles(path) : entry.name.endsWith('.tsx') ? [path] : []
  })
}

describe('page titles', () => {
  const pages = routeFiles('app/routes').filter((path) => !path.endsWith('__root.tsx') && /\bcomponent:/.test(readFileSync(path, 'utf8')))

  it('finds the page routes', () => {
    expect(pages.length).toBeGreaterThan(20)
  })

  it.each(pages)('%s has a head title from pageHead', (path) => {
    expect(readFileSync(path, 'utf8')).toMatch(/head: \(\{ match(, params)? \}\) => pageHead\(/)
  })

  it('the root names the not-found page', () => {
    expect(readFileSync('app/routes/__root.tsx', 'utf8')).toMatch(/match\._notFound \? pageTitle\(m\.not_found_title\(\)/)
  })
})
