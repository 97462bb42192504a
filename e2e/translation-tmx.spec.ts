import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { importXml, openRow, openWorkspace } from './translation-helpers'

// TMX into the team's shared memory (docs/decisions/049): a translation tool's file imported
// through the desk's action shows its counts, and its unit is a match for an untranslated text,
// named by the file it came from.
const { translator } = DEMO_ACCOUNTS

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="OmegaT" creationtoolversion="6.0.1" o-tmf="OmegaT TMX" datatype="plaintext" segtype="sentence" adminlang="EN-US" srclang="DE-DE">
    <prop type="x-project">Katalog</prop>
  </header>
  <body>
    <tu creationid="agency" creationdate="20250110T093012Z">
      <tuv xml:lang="DE-DE"><seg>Sockelblende Nussbaum lackiert, 19 mm</seg></tuv>
      <tuv xml:lang="FR-FR"><seg>Plinthe en noyer laquée, 19 mm</seg></tuv>
    </tu>
  </body>
</tmx>
`

test.beforeAll(async ({ baseURL }) => {
  await importXml(baseURL!, '<text key="TMX-E2E-1"><master>Sockelblende Nussbaum lackiert, 18 mm</master></text>')
})

test('a TMX imported through the desk is a match “imported from” its file for an untranslated text', async ({ page }) => {
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=TMX-E2E')
  await page.getByTestId('tmx-file').setInputFiles({ name: 'agency-omegat.tmx', mimeType: 'application/x-tmx+xml', buffer: Buffer.from(TMX) })
  await expect(page.getByTestId('tmx-result')).toContainText('TMX “agency-omegat.tmx”: 2 units added to the shared memory, 0 known already')

  await page.locator('[role=listitem][data-key="TMX-E2E-1"]').getByRole('button').first().click()
  const match = openRow(page).getByTestId('memory-panel').getByRole('listitem').filter({ hasText: 'Plinthe en noyer laquée, 19 mm' })
  await expect(match).toContainText('imported from agency-omegat.tmx')
  await expect(match).toContainText('97 %')
})
