import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The house rules in eslint.config.js (docs/decisions/026): each one is shown catching a
// violation and letting the allowed form pass, through ESLint's own API and the real config.
const CONFIG = 'eslint.config.js'
const HOUSE_RULES = new Set([
  'house/import-boundaries',
  'house/kebab-case-filename',
  'no-restricted-properties',
  'no-restricted-imports',
  'no-restricted-syntax',
])

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: CONFIG })
})

/** The house-rule messages for `code` as if it were the file at `filePath`. */
async function houseMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && HOUSE_RULES.has(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`)
}

async function expectCaught(filePath: string, code: string, rule: string): Promise<void> {
  const messages = await houseMessages(filePath, code)
  expect(
    messages.some((message) => message.startsWith(`${rule}:`)),
    `${filePath}: ${code}`,
  ).toBe(true)
}

async function expectAllowed(filePath: string, code: string): Promise<void> {
  expect(await houseMessages(filePath, code), `${filePath}: ${code}`).toEqual([])
}

describe('one-way imports between folders', () => {
  const rule = 'house/import-boundaries'

  it('keeps app/ui free of features and routes', async () => {
    await expectCaught('app/ui/widget.tsx', "export { statusLabel } from '../features/orders/status-label'", rule)
    await expectCaught('app/ui/widget.tsx', "import { Route } from '../routes/index'\nexport const r = Route", rule)
    await expectCaught('app/ui/widget.tsx', "export const load = () => import('../features/prices/upload-answer')", rule)
    await expectAllowed('app/ui/widget.tsx', "import { Notice } from './page'\nimport { m } from '../../src/paraglide/messages'\nexport const n = [Notice, m]")
  })

  it('keeps features free of routes', async () => {
    await expectCaught('app/features/orders/widget.tsx', "import { Route } from '../../routes/order-approve'\nexport const r = Route", rule)
    await expectAllowed(
      'app/features/orders/widget.tsx',
      "import { Notice } from '../../ui/page'\nimport { statusLabel } from './status-label'\nexport const n = [Notice, statusLabel]",
    )
  })

  it('keeps src/ free of app/ (app.config.ts at the root is not app/)', async () => {
    await expectCaught(
      'src/server/services/orders/widget.server.ts',
      "import { formatDate } from '../../../../app/ui/format'\nexport const f = formatDate",
      rule,
    )
    await expectCaught('src/domain/widget.ts', "import { m } from '../../app/features/translation/save-bar'\nexport const f = m", rule)
    await expectAllowed('src/domain/widget.ts', "import { appConfig } from '../../app.config'\nexport const c = appConfig")
  })

  it('keeps src/domain free of database and server code', async () => {
    for (const code of [
      "import { sql } from 'drizzle-orm'",
      "import { pgTable } from 'drizzle-orm/pg-core'",
      "import pg from 'pg'",
      "import { PGlite } from '@electric-sql/pglite'",
      "import { env } from '../server/env.server'",
    ]) {
      await expectCaught('src/domain/widget.ts', `${code}\nexport const x = 1`, rule)
    }
    await expectAllowed('src/domain/widget.ts', "import { z } from 'zod'\nimport { ORDERS_PER_PAGE } from './limits'\nexport const x = [z, ORDERS_PER_PAGE]")
  })

  it('keeps src/contract safe for the browser', async () => {
    for (const code of [
      "import { randomUUID } from 'node:crypto'",
      "import { readFileSync } from 'fs'",
      "import { pgEnum } from 'drizzle-orm/pg-core'",
      "import { env } from '../server/env.server'",
    ]) {
      await expectCaught('src/contract/widget.ts', `${code}\nexport const x = 1`, rule)
    }
    await expectAllowed(
      'src/contract/widget.ts',
      "import { z } from 'zod'\nimport { UNIT_ITEM_KINDS } from '../domain/catalogue'\nexport const x = [z, UNIT_ITEM_KINDS]",
    )
  })

  it('lets src/server use drizzle and node modules', async () => {
    await expectAllowed(
      'src/server/services/orders/widget.server.ts',
      "import { sql } from 'drizzle-orm'\nimport { readFile } from 'node:fs/promises'\nimport { basketNumberProblem } from '../../../domain/basket-number'\nexport const x = [sql, readFile, basketNumberProblem]",
    )
  })

  it('forbids imports across features; within a feature they are fine', async () => {
    await expectCaught('app/features/orders/widget.tsx', "import { uploadAnswer } from '../prices/upload-answer'\nexport const u = uploadAnswer", rule)
    await expectCaught('app/features/orders/widget.tsx', "export * from '../../features/contacts/manage-users-search'", rule)
    await expectCaught(
      'app/features/translation/widget.tsx',
      "import { portalSessionFn } from '../session/session.functions'\nexport const f = portalSessionFn",
      rule,
    )
    await expectAllowed('app/features/session/widget.tsx', "import { portalSessionFn } from './session.functions'\nexport const f = portalSessionFn")
  })

  it('keeps app/request, the server side of a request, apart from screens', async () => {
    await expectCaught('app/ui/widget.tsx', "import { callContext } from '../request/session-cookies.server'\nexport const c = callContext", rule)
    await expectCaught('app/request/widget.server.ts', "import { Notice } from '../ui/page'\nexport const n = Notice", rule)
    await expectAllowed('app/features/orders/widget.functions.ts', "import { fnAnswer } from '../../request/endpoint-fn.server'\nexport const f = fnAnswer")
  })
})

describe('kebab-case file names outside app/routes', () => {
  const rule = 'house/kebab-case-filename'

  it('catches camelCase, PascalCase and snake_case names', async () => {
    await expectCaught('app/features/orders/OrderTable.tsx', 'export const x = 1', rule)
    await expectCaught('app/ui/useOnline.ts', 'export const x = 1', rule)
    await expectCaught('src/server/services/orders/basket_list.server.ts', 'export const x = 1', rule)
  })

  it('allows kebab-case with suffixes, and route files named by their URL', async () => {
    await expectAllowed('src/server/services/orders/basket-list.server.ts', 'export const x = 1')
    await expectAllowed('app/features/orders/orders.functions.ts', 'export const x = 1')
    await expectAllowed('app/routes/catalog/$id.index.tsx', 'export const x = 1')
    await expectAllowed('app/routes/{-$location}/user/select-line.tsx', 'export const x = 1')
  })
})

describe('process.env only in src/server/env.server.ts and tools', () => {
  it('catches reads elsewhere', async () => {
    await expectCaught('src/server/services/orders/widget.server.ts', 'export const port = process.env.PORT', 'no-restricted-properties')
    await expectCaught('app/features/orders/widget.ts', 'const { env } = process\nexport const port = env.PORT', 'no-restricted-properties')
    await expectCaught('src/server/boot.server.ts', "import { env } from 'node:process'\nexport const port = env.PORT", 'no-restricted-imports')
  })

  it('allows the env module, scripts, benchmarks, tests and config files', async () => {
    for (const file of [
      'src/server/env.server.ts',
      'scripts/seed.ts',
      'bench/api.ts',
      'e2e/own-server.ts',
      'tests/helpers/database.ts',
      'vite.config.ts',
      'playwright.config.ts',
    ]) {
      await expectAllowed(file, 'export const port = process.env.PORT')
    }
  })
})

describe('CSV and spreadsheet files only through toCsv (OWASP CSV injection)', () => {
  const rule = 'no-restricted-syntax'

  it('catches a file for a spreadsheet written by hand, in the browser or on the server', async () => {
    await expectCaught('app/features/orders/widget.tsx', "export const file = new Blob(['a;b'], { type: 'text/csv;charset=utf-8' })", rule)
    await expectCaught('src/server/services/prices/widget.server.ts', "export const headers = { 'content-type': `text/csv; charset=${'utf-8'}` }", rule)
    await expectCaught(
      'src/server/services/orders/widget.server.ts',
      "export const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'",
      rule,
    )
  })

  it('allows CsvDownload itself and the accept list of an upload', async () => {
    await expectAllowed('app/ui/csv-download.tsx', "export const file = new Blob(['a;b'], { type: 'text/csv;charset=utf-8' })")
    await expectAllowed('app/features/prices/widget.tsx', 'export const input = <input type="file" accept=".csv,text/csv" />')
  })
})

describe('data that comes in is parsed, not cast (parse at every edge)', () => {
  const rule = 'no-restricted-syntax'
  const files = ['app/features/orders/widget.ts', 'src/server/services/orders/widget.server.ts', 'tests/orders/widget.test.ts', 'e2e/widget.spec.ts']

  it('catches `as` on JSON.parse, on a response body read with .json(), and on a message event’s data', async () => {
    for (const filePath of files) {
      for (const code of [
        "export const row = JSON.parse('{}') as { id: number }",
        'export const read = async (response: Response) => (await response.json()) as { id: number }',
        'export const read = async (response: Response) => response.json() as Promise<{ id: number }>',
        'export const read = (event: MessageEvent) => event.data as { id: number }',
        'export const read = (e: MessageEvent) => e.data as string',
        'export const read = (message: MessageEvent) => message.data as number',
        'export const read = (msg: MessageEvent) => msg.data as number',
      ]) {
        await expectCaught(filePath, code, rule)
      }
    }
  })

  it('allows the parsed forms, and `as` on other data', async () => {
    const row = "import { z } from 'zod'\nconst row = z.object({ id: z.number() })\n"
    for (const filePath of files) {
      for (const code of [
        `${row}export const parsed = row.parse(JSON.parse('{}'))`,
        `${row}export const read = async (response: Response) => row.parse(await response.json())`,
        `${row}export const read = (event: MessageEvent) => row.safeParse(event.data)`,
        'export const kind = ({ a: 1 }).a as 1 | 2\nexport const options = { data: 1 }\nexport const data = options.data as number',
      ]) {
        await expectAllowed(filePath, code)
      }
    }
  })
})
