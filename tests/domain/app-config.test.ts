import { describe, expect, it } from 'vitest'
import { appConfig, siteForHost } from '../../app.config'
import { checkAppConfig } from '../../src/server/app-config-check.server'

// app.config.ts is plain data (every page loads it); its rules are checked here and at start.
describe('app.config.ts', () => {
  it('keeps the rules of its schema', () => {
    expect(() => checkAppConfig()).not.toThrow()
  })

  it('names what breaks a rule', () => {
    const [base] = appConfig.sites
    const broken = { ...appConfig, sites: [{ ...base!, title: '', contact: { ...base!.contact, email: 'nobody' } }] }
    expect(() => checkAppConfig(broken)).toThrow(/title[\s\S]*email|email[\s\S]*title/)
    expect(() => checkAppConfig({ ...appConfig, sites: [] })).toThrow(/sites/)
  })

  it('finds the site of a host name, the base site for others', () => {
    expect(siteForHost('doors.localhost:3000').id).toBe('doors')
    expect(siteForHost('elsewhere.example').id).toBe(appConfig.baseSiteId)
    expect(siteForHost(null).id).toBe(appConfig.baseSiteId)
  })
})
