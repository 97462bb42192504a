import { describe, expect, it } from 'vitest'
import { targetOf } from '../../src/server/http-api/target.server'

// The short cut of targetOf must answer what the URL standard answers, for every URL.
const URLS = [
  'http://localhost:3000/vue/company/2/info/',
  'http://localhost:3000/vue/company/2/info',
  'http://localhost/vue/basket/list/?dealer=1&page=2',
  'http://localhost/vue/price/logs/?filter=price%3A1.275%2C25:::contact:a+b&sort=-date',
  'http://localhost/vue/company/2/search2/?search=%25_%5C',
  'http://localhost/vue/company/2/search2/?search=M%C3%BCnchen&search=again',
  'http://localhost/vue/x/../company/2/info/',
  'http://localhost/vue/./company/2/info/',
  'http://localhost/vue/company/%32/info/',
  'http://localhost/vue/company/%2e%2e/info/',
  'http://localhost/vue/company/2/info/#fragment',
  'http://localhost/vue/company/2/info/?a=1#b',
  'http://localhost/vue/openapi.json',
  'http://localhost/vue/company/2\\info/',
  'http://localhost/vue/company/ä/info/',
  'http://localhost/vue/company/2/info/?q="<x>"&r=\'',
  'http://localhost/vue/company/2/info/?',
  'http://localhost/vue/company/2/info/?=&&a',
  'http://localhost:3000//vue//company/2/info/',
  'https://portal.example:8443/vue/maintenance/',
]

describe('targetOf', () => {
  it.each(URLS)('answers what new URL() answers for %s', (url) => {
    const parsed = new URL(url)
    const target = targetOf(url)
    expect(target.pathname).toBe(parsed.pathname)
    expect(target.query()).toEqual(Object.fromEntries(parsed.searchParams))
  })
})
