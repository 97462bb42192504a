import { z } from 'zod'
import { activityEntry } from '../../src/contract/activity'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import type { TestApi } from '../helpers/api'

// GET /vue/activity/ as the activity tests read it: as staff, a dealer admin (the dealer, above
// the carpenter's company) and the carpenter (no IS_DEALER_ADMIN), the page parsed.
const page = z.object({ entries: z.array(activityEntry), pages: z.number(), no_of_entries: z.number() })

export type Readers = { staff: string; dealer: string; carpenter: string }

export async function signInReaders(api: TestApi): Promise<Readers> {
  const { staff, dealer, carpenter } = DEMO_ACCOUNTS
  const [staffToken, dealerToken, carpenterToken] = await Promise.all([
    api.loginAs(staff.username),
    api.loginAs(dealer.username),
    api.loginAs(carpenter.username),
  ])
  return { staff: staffToken, dealer: dealerToken, carpenter: carpenterToken }
}

export async function readActivity(api: TestApi, query: string, token: string, locale: 'de' | 'en' = 'en') {
  const result = await api.request('GET', `/vue/activity/${query}`, { token, locale })
  return { ...result, page: result.status ? page.parse(result.data) : null }
}
