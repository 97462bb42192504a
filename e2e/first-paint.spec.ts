import { expect, openHydrated, test } from './fixtures'

// A server-rendered page paints before its scripts are asked for (issue 28 point 2): its HTML
// names no module preload and no entry script; one inline module starts them after the paint.
for (const path of ['/login', '/']) {
  test(`${path} paints before any script is requested, then hydrates`, async ({ page, request }) => {
    const html = await (await request.get(path)).text()
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toMatch(/<script type="module" async="" src=/)
    await openHydrated(page, path)
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.paint).toBeGreaterThan(0)
    expect(timing.scripts.length).toBeGreaterThan(0)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint)
  })
}
