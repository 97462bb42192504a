import { readFileSync } from 'node:fs'
import { js2xliff, xliff2js } from 'xliff'
import { z } from 'zod'
import { unitId } from '../app/features/translation/xliff-file'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, loginAndLand, openHydrated, signIn as signInPage, test } from './fixtures'
import { importXml, openRow, openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'
import { signIn, vueCall } from './vue-call'

// The vartext as XLIFF 2.0 for a translation tool and back (docs/decisions/039). The file is
// translated "in the tool" (here: by the test), imported while offline as unsaved edits — checked
// like typed ones — and saved when the connection is back, where a colleague's change meanwhile
// is a conflict as it is for a typed edit. Outdated texts go out as needing work and come back,
// through an outside library too, as edits of outdated texts that a save makes current.
const { translator } = DEMO_ACCOUNTS

/** The French vartext keys whose translation was made against an older source text. */
async function outdatedKeys(baseURL: string): Promise<string[]> {
  const answer = await vueCall(baseURL, 'GET', '/vue/i18n/vartext/?src=master&dst=fr', await signIn(baseURL, translator.username))
  const { revisions } = z.object({ revisions: z.record(z.string(), z.record(z.string(), z.number())) }).parse(answer.data)
  return Object.entries(revisions.fr ?? {})
    .filter(([key, revision]) => revision < (revisions.master?.[key] ?? 0))
    .map(([key]) => key)
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The exported file with the unit of `key` (in the <file> named `original`) translated as `target`, as a translation tool writes it. */
function translate(xliff: string, key: string, target: string, original?: string): string {
  const at = xliff.indexOf(`<unit id="${unitId(key)}"`, original ? xliff.indexOf(`original="${original}"`) : 0)
  expect(at).toBeGreaterThan(-1)
  const end = xliff.indexOf('</unit>', at)
  const unit = xliff
    .slice(at, end)
    .replace('state="initial"', 'state="translated"')
    .replace(/\s*<target>[^]*<\/target>/, '')
    .replace('</source>', `</source>\n        <target>${xmlText(target)}</target>`)
  return `${xliff.slice(0, at)}${unit}${xliff.slice(end)}`
}

test('vartext exported as XLIFF, translated in the file, imported offline with its issues, then saved', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000)
  const before = await serverTexts(baseURL!)
  const untranslated = before.keys.filter((key) => !before.target[key])
  const outdated = await outdatedKeys(baseURL!)
  const withPlaceholder = untranslated.filter((key) => before.master[key]?.includes('{0}')).at(2)!
  const [plain, contested] = untranslated.filter((key) => key !== withPlaceholder && !/[{<]/.test(before.master[key] ?? '')).slice(40, 42)
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr')

  // Export: the texts that need work (untranslated and outdated), the default.
  await page.getByRole('button', { name: 'Export XLIFF' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export as XLIFF 2.0' })
  await expect(dialog.getByRole('radio', { name: 'Untranslated and outdated' })).toBeChecked()
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toMatch(/^vartext-master-fr-untranslated-\d{4}-\d{2}-\d{2}\.xlf$/)
  await expect(page.getByText(`Texts exported as XLIFF: ${untranslated.length + outdated.length}.`)).toBeVisible()
  const exported = readFileSync(await download.path(), 'utf8')
  expect(exported).toContain('version="2.0" srcLang="de" trgLang="fr"')
  expect(exported).toContain(`name="${withPlaceholder}"`)

  // A colleague translates one of them meanwhile.
  const token = await signIn(baseURL!, translator.username)
  const colleague = await vueCall(baseURL!, 'POST', '/vue/i18n/vartext/', token, {
    languages: { fr: ['', { [contested!]: 'Du collègue' }] },
    changes: { fr: [contested!] },
  })
  expect(colleague.http).toBe(200)

  // Translated in the tool: markup characters stay text; one text loses its placeholder; one unit is not ours.
  let file = translate(exported, withPlaceholder, 'Sans espace réservé')
  file = translate(file, plain!, 'Venu de l’outil: <b>gras</b> & "guillemets"')
  file = translate(file, contested!, 'De l’outil')
  file = file.replace('  </file>', `    <unit id="${unitId('NO-SUCH-TEXT')}"><segment><source>x</source><target>y</target></segment></unit>\n  </file>`)

  await context.setOffline(true)
  await expect(unsavedCount(page)).toContainText('offline')
  // A file for another pair of languages is refused, and nothing changes.
  await page
    .getByTestId('xliff-file')
    .setInputFiles({ name: 'other.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(file.replace('trgLang="fr"', 'trgLang="en"')) })
  await expect(page.getByText('The file translates de → en, this screen translates de → fr. Import it on the screen of its languages.')).toBeVisible()
  await expect(page.getByText('The XLIFF file was not imported.')).toBeVisible()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')

  await page.getByTestId('xliff-file').setInputFiles({ name: 'translated.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(file) })
  await expect(page.getByTestId('xliff-result')).toHaveText(
    `3 edits imported, ${outdated.length} unchanged, 1 unknown, ${untranslated.length - 3} without a translation`,
  )
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 3')

  // Checked like typed texts: the lost placeholder is an issue of that text.
  await page.getByLabel('Search').fill(withPlaceholder)
  const row = page.locator(`[role=listitem][data-key="${withPlaceholder}"]`)
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await row.getByRole('button').first().click()
  await expect(page.getByRole('textbox', { name: /Translation \(/ })).toHaveValue('Sans espace réservé')
  await expect(openRow(page).locator('[data-check=placeholders_missing]')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByLabel('Search').fill(plain!)
  await expect(page.locator(`[role=listitem][data-key="${plain}"]`)).toContainText('Venu de l’outil: <b>gras</b> & "guillemets"')

  // Back online: saved, and the colleague's text is a conflict as for a typed edit.
  await context.setOffline(false)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await saveEdits(page, 'Save (3)')
  await expect(page.getByText('Conflicts: 1. Everything else was saved.')).toBeVisible()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  const after = await serverTexts(baseURL!)
  expect([after.target[withPlaceholder], after.target[plain!], after.target[contested!]]).toEqual([
    'Sans espace réservé',
    'Venu de l’outil: <b>gras</b> & "guillemets"',
    'Du collègue',
  ])

  // The same file again: what is saved now is unchanged, the conflict's own text too.
  await page.getByTestId('xliff-file').setInputFiles({ name: 'translated.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(file) })
  await expect(page.getByTestId('xliff-result')).toHaveText(
    `0 edits imported, ${3 + outdated.length} unchanged, 1 unknown, ${untranslated.length - 3} without a translation`,
  )
})

test('a catalogue with an article opened on this device: labels and article texts out and back, then saved', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await signInPage(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await followLink(page, page.locator('main ul > li').first().getByRole('link'))
  const catalogueUrl = page.url()
  const catalogueId = /\/catalog\/(\d+)/.exec(catalogueUrl)![1]
  const label = (await page.locator('main [data-text-status="untranslated"]').last().getAttribute('data-key'))!
  // The article's texts are on the device once it was opened.
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Article: / }).first())
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  const articleUrl = page.url()
  const unitKey = (await page.locator('main [data-text-status="untranslated"]').last().getAttribute('data-key'))!

  await openHydrated(page, catalogueUrl)
  await page.getByRole('button', { name: 'Export XLIFF' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export as XLIFF 2.0' })
  await dialog.getByRole('radio', { name: 'All' }).check()
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^catalogue-${catalogueId}-master-fr-\\d{4}-\\d{2}-\\d{2}\\.xlf$`))
  const exported = readFileSync(await download.path(), 'utf8')
  expect(exported).toContain(`original="catalogue:${catalogueId}"`)
  expect(exported).toContain(`original="catalogue:${catalogueId}:articles"`)

  let file = translate(exported, label, 'Libellé venu de l’outil', `catalogue:${catalogueId}`)
  file = translate(file, unitKey, 'Texte d’article venu de l’outil', `catalogue:${catalogueId}:articles`)
  await page.getByTestId('xliff-file').setInputFiles({ name: 'catalogue.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(file) })
  await expect(page.getByTestId('xliff-result')).toHaveText(/^2 edits imported, \d+ unchanged, 0 unknown/)
  // The label is an edit of the catalogue screen, the article's text one of the article screen.
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(page.locator(`main [data-key="${label}"] textarea`).first()).toHaveValue('Libellé venu de l’outil')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')

  await openHydrated(page, articleUrl)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(page.locator(`main [data-key="${unitKey}"]`).first()).toHaveAttribute('data-text-status', 'unsaved')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  const [, , id, ...path] = new URL(articleUrl).pathname.split('/')
  const token = await signIn(baseURL!, translator.username)
  const article = await vueCall(baseURL!, 'GET', `/vue/i18n/article/${id}/${path.at(-1)}/?lang=fr`, token)
  expect(
    z.object({ languages: z.record(z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])) }).parse(article.data).languages.fr?.[1][unitKey],
  ).toBe('Texte d’article venu de l’outil')
})

/** The npm xliff library's JavaScript form, as far as the test touches it. */
const xliffJs = z.looseObject({ resources: z.record(z.string(), z.record(z.string(), z.looseObject({ target: z.unknown().optional() }))) })

test('outdated texts go out needing work with their old source, come back through an outside library as edits, and are current once saved', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const [edited, confirmed] = ['XLIFF-E2E-OUT-1', 'XLIFF-E2E-OUT-2']
  await importXml(
    baseURL!,
    `<text key="${edited}"><master>Schubladenfront Eiche, 100 mm</master><translation lang="fr">Façade de tiroir chêne, 100 mm</translation></text>` +
      `<text key="${confirmed}"><master>Griff rund</master><translation lang="fr">Poignée</translation></text>`,
  )
  await importXml(
    baseURL!,
    `<text key="${edited}"><master>Schubladenfront Eiche, 120 mm</master></text><text key="${confirmed}"><master>Griff, rund</master></text>`,
  )
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=XLIFF-E2E-OUT')
  const row = (key: string) => page.locator(`[role=listitem][data-key="${key}"]`)
  await expect(row(edited)).toHaveAttribute('data-status', 'outdated')
  await expect(row(confirmed)).toHaveAttribute('data-status', 'outdated')

  await page.getByRole('button', { name: 'Export XLIFF' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export as XLIFF 2.0' })
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()])
  const exported = readFileSync(await download.path(), 'utf8')
  const unit = exported.slice(exported.indexOf(`<unit id="${unitId(edited)}"`), exported.indexOf('</unit>', exported.indexOf(`<unit id="${unitId(edited)}"`)))
  // Needing work in XLIFF's own terms, with the translation to start from and the source it was made from.
  expect(unit).toContain('<segment state="initial" subState="portal:outdated">')
  expect(unit).toContain('<target>Façade de tiroir chêne, 100 mm</target>')
  expect(unit).toContain('The source then: Schubladenfront Eiche, 100 mm</note>')
  expect(unit).toMatch(/<mda:metaGroup category="portal"><mda:meta type="base">[^<]+<\/mda:meta>/)

  // Through the npm xliff library, as a tool built on it would: it drops `original`, the metadata and the states.
  const js = xliffJs.parse(await xliff2js(exported))
  const target = Object.values(js.resources).find((file) => file[unitId(edited)])?.[unitId(edited)]
  expect(target).toBeDefined()
  if (target) target.target = 'Façade de tiroir chêne, 120 mm'
  const rewritten = await js2xliff(js)
  expect(rewritten).not.toContain('original=')
  await page.getByTestId('xliff-file').setInputFiles({ name: 'library.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(rewritten) })
  await expect(page.getByTestId('xliff-result')).toHaveText(/^1 edits imported, \d+ unchanged, 0 unknown/)
  await expect(row(edited)).toHaveAttribute('data-status', 'unsaved')
  await expect(row(confirmed)).toHaveAttribute('data-status', 'outdated')

  // As Trados or memoQ write it back: the other one confirmed unchanged (its segment now "translated").
  const at = exported.indexOf(`<unit id="${unitId(confirmed)}"`)
  const confirmedFile = `${exported.slice(0, at)}${exported.slice(at).replace('<segment state="initial" subState="portal:outdated">', '<segment state="translated">')}`
  await page.getByTestId('xliff-file').setInputFiles({ name: 'tool.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(confirmedFile) })
  await expect(page.getByTestId('xliff-result')).toHaveText(/^1 edits imported, \d+ unchanged, 0 unknown/)
  await expect(row(confirmed)).toHaveAttribute('data-status', 'unsaved')

  await saveEdits(page, 'Save (2)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(row(edited)).toHaveAttribute('data-status', 'translated')
  await expect(row(confirmed)).toHaveAttribute('data-status', 'translated')
  expect(await outdatedKeys(baseURL!)).not.toEqual(expect.arrayContaining([edited]))
  expect(await outdatedKeys(baseURL!)).not.toEqual(expect.arrayContaining([confirmed]))
  const after = await serverTexts(baseURL!)
  expect([after.target[edited], after.target[confirmed]]).toEqual(['Façade de tiroir chêne, 120 mm', 'Poignée'])
  await page.reload()
  await openWorkspace(page, 'dst=fr&q=XLIFF-E2E-OUT')
  await expect(row(edited)).toHaveAttribute('data-status', 'translated')
  await expect(row(confirmed)).toHaveAttribute('data-status', 'translated')
})
