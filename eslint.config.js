import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import houseRules from './eslint/house-rules.js'

// The house rules of DESIGN.md section 2 and CONVENTIONS.md (docs/decisions/026).
const SERVER_PACKAGES = ['drizzle-orm', 'drizzle-kit', 'pg', '@electric-sql/pglite']
export const importBoundaries = {
  zones: [
    {
      from: 'app/ui',
      folders: ['app/features', 'app/routes', 'app/request'],
      because: 'app/ui knows no area and no page (move the piece to app/ui or pass it in)',
    },
    // The request context (session cookies, the caller's token and language) and the derived
    // server functions' handler: server-side, reached by features only from *.functions.ts.
    { from: 'app/request', folders: ['app/features', 'app/routes', 'app/ui'], because: 'app/request is the server side of a request and knows no screen' },
    { from: 'app/features', folders: ['app/routes'], because: 'imports flow app/routes → app/features → app/ui' },
    { from: 'src', folders: ['app'], because: 'src/ knows no screen and no URL layout' },
    {
      from: 'src/domain',
      folders: ['src/server'],
      packages: SERVER_PACKAGES,
      because: 'src/domain holds pure rules shared by browser and server, no database or server code',
    },
    { from: 'src/contract', folders: ['src/server'], packages: [...SERVER_PACKAGES, 'node:*'], because: 'src/contract stays safe for the browser' },
  ],
  features: 'app/features',
}

// Content types of files a spreadsheet opens: CSV, Excel, OpenDocument.
const SPREADSHEET_TYPE = '/text\\/csv|application\\/vnd\\.(ms-excel|openxmlformats-officedocument\\.spreadsheetml|oasis\\.opendocument\\.spreadsheet)/i'

// Where reading process.env is legitimate: the server's one validated env module, and tools
// that run outside the portal (build and test configs, scripts, benchmarks, test harnesses).
const PROCESS_ENV_READERS = ['src/server/env.server.ts', 'scripts/**', 'bench/**', 'deploy/**', 'e2e/**', 'tests/**', '*.config.{ts,js,mjs,cjs}']

// Data that comes in is parsed with zod, never cast (docs/architecture.md, "Parse at every
// edge"): no `as` right on JSON.parse(...), on a response's .json() (awaited or not), or on a
// message event's .data.
const PARSE_AT_EDGE = [
  "TSAsExpression[expression.callee.object.name='JSON'][expression.callee.property.name='parse']",
  "TSAsExpression[expression.type='CallExpression'][expression.callee.property.name='json']",
  "TSAsExpression[expression.type='AwaitExpression'][expression.argument.callee.property.name='json']",
  "TSAsExpression[expression.type='MemberExpression'][expression.property.name='data'][expression.object.name=/^(event|e|message|msg)$/]",
].map((selector) => ({
  selector,
  message: "Parse data that comes in (JSON.parse, response.json(), a message event's data) with a zod schema instead of casting it with `as`.",
}))

// Where a file for a spreadsheet may be written by hand (see the CSV rule below).
const CSV_WRITERS = ['app/ui/csv-download.tsx', 'tests/**', 'e2e/**', 'bench/**']

// ESLint with the TanStack Router and Query rules (docs/decisions/002-lint-eslint.md).
export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      '.nitro',
      '.tanstack',
      'styled-system',
      'src/paraglide',
      'app/routeTree.gen.ts',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginRouter.configs['flat/recommended'],
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    plugins: { house: houseRules },
    rules: { 'house/import-boundaries': ['error', importBoundaries] },
  },
  {
    // Route files are named by their URL ($id, {-$location}, __root).
    ignores: ['app/routes/**'],
    plugins: { house: houseRules },
    rules: { 'house/kebab-case-filename': 'error' },
  },
  {
    // Files for people to open in a spreadsheet are written in one place, which neutralises
    // formulas (OWASP CSV injection; src/domain/csv-export.ts, issue 27). Naming a CSV or
    // spreadsheet type anywhere else means writing such a file by hand. An input's accept list
    // (what a user may choose to upload) is not writing one.
    // no-restricted-syntax is one rule: this block carries the parse-at-edge selectors too, and
    // the next one gives them to the files it leaves out.
    ignores: CSV_WRITERS,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[`:not(JSXAttribute) > Literal[value=${SPREADSHEET_TYPE}]`, `TemplateElement[value.raw=${SPREADSHEET_TYPE}]`].map((selector) => ({
          selector,
          message:
            'Write CSV and spreadsheet files only through toCsv (src/domain/csv-export.ts) and CsvDownload (app/ui/csv-download.tsx): they neutralise formulas.',
        })),
        ...PARSE_AT_EDGE,
      ],
    },
  },
  {
    files: CSV_WRITERS,
    rules: { 'no-restricted-syntax': ['error', ...PARSE_AT_EDGE] },
  },
  {
    ignores: PROCESS_ENV_READERS,
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in src/server/env.server.ts (validated, once) and import it from there.' },
      ],
      'no-restricted-imports': [
        'error',
        { paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: 'Read the environment in src/server/env.server.ts.' })) },
      ],
    },
  },
)
