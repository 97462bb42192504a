import { expect, signIn, test } from './fixtures'

// Public pages seen without a session come from a render cache (decision 033), yet every answer has
// a nonce of its own that its scripts carry, the language of its cookie, and a session is never
// served a cached page.
const nonceOfHeader = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''
const noncesOfPage = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])

test('the anonymous home page: the same page with a fresh nonce in every answer, per language', async ({ baseURL }) => {
  const answers = await Promise.all([0, 1, 2].map(() => fetch(`${baseURL}/`)))
  const pages = await Promise.all(answers.map((answer) => answer.text()))
  const nonces = answers.map(nonceOfHeader)
  expect(new Set(nonces).size).toBe(3)
  answers.forEach((answer, index) => {
    expect(answer.status).toBe(200)
    const inPage = noncesOfPage(pages[index]!)
    expect(inPage.length).toBeGreaterThan(0)
    expect(new Set(inPage)).toEqual(new Set([nonces[index]]))
  })
  // Apart from the nonce, the same page.
  expect(pages[1]!.replaceAll(nonces[1]!, 'N')).toBe(pages[0]!.replaceAll(nonces[0]!, 'N'))

  const german = await (await fetch(`${baseURL}/`, { headers: { cookie: 'PARAGLIDE_LOCALE=de' } })).text()
  const english = await (await fetch(`${baseURL}/`, { headers: { cookie: 'PARAGLIDE_LOCALE=en' } })).text()
  expect(german).toContain('<html lang="de"')
  expect(english).toContain('<html lang="en"')
})

test('a signed-in visitor never gets the cached page', async ({ page, baseURL }) => {
  await fetch(`${baseURL}/login`) // the anonymous login page is in the cache now
  await signIn(page, 'translator@demo.example')
  await page.goto('/welcome')
  await expect(page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / })).toBeVisible()
})
