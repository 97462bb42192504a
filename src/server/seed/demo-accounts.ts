import type { Permission } from '../../domain/permissions'
import { PERMISSIONS } from '../../domain/permissions'

// The demo accounts; tests and the README use these same values.
export const DEMO_PASSWORD = 'portal-demo-2026'

/** Fixed ids of the companies the demo accounts belong to (the seed inserts them first). */
export const DEMO_COMPANY_IDS = {
  supplier: 1,
  dealer: 2,
  carpenter: 3,
  industry: 4,
  guest: 5,
} as const

export type DemoRole = 'staff' | 'dealer' | 'carpenter' | 'industry' | 'translator' | 'guest' | 'reviewer'

/** Where the login rules send the account (landing.ts). */
export type DemoLanding = 'companies' | 'shop' | 'select-line'

export type DemoAccount = {
  username: string
  userId: number
  companyId: number
  groups: ReadonlyArray<Permission>
  dealerAdmin: boolean
  /** How many production lines the account's company has. */
  lineCount: number
  landing: DemoLanding
}

export const DEMO_ACCOUNTS: Readonly<Record<DemoRole, DemoAccount>> = {
  staff: {
    username: 'staff@demo.example',
    userId: 1,
    companyId: DEMO_COMPANY_IDS.supplier,
    groups: PERMISSIONS,
    dealerAdmin: true,
    lineCount: 0,
    landing: 'companies',
  },
  dealer: {
    username: 'dealer@demo.example',
    userId: 2,
    companyId: DEMO_COMPANY_IDS.dealer,
    groups: ['IS_DEALER_ADMIN', 'CAN_CREATE_COMPANIES', 'CAN_CREATE_CONTACTS', 'CAN_APPROVE_ORDER'],
    dealerAdmin: true,
    lineCount: 3,
    landing: 'companies',
  },
  carpenter: {
    username: 'carpenter@demo.example',
    userId: 3,
    companyId: DEMO_COMPANY_IDS.carpenter,
    groups: [],
    dealerAdmin: false,
    lineCount: 1,
    landing: 'shop',
  },
  industry: {
    username: 'industry@demo.example',
    userId: 4,
    companyId: DEMO_COMPANY_IDS.industry,
    groups: [],
    dealerAdmin: false,
    lineCount: 3,
    landing: 'select-line',
  },
  translator: {
    username: 'translator@demo.example',
    userId: 5,
    companyId: DEMO_COMPANY_IDS.supplier,
    groups: ['CAN_TRANSLATE'],
    dealerAdmin: false,
    lineCount: 0,
    landing: 'shop',
  },
  guest: {
    username: 'guest@demo.example',
    userId: 6,
    companyId: DEMO_COMPANY_IDS.guest,
    groups: [],
    dealerAdmin: false,
    lineCount: 1,
    landing: 'shop',
  },
  // Checks the translators' work (docs/decisions/049). Seeded after every other user, so the
  // seeded world of the six accounts above stays the same; its id is above every seeded contact.
  reviewer: {
    username: 'reviewer@demo.example',
    userId: 90_001,
    companyId: DEMO_COMPANY_IDS.supplier,
    groups: ['CAN_TRANSLATE', 'CAN_REVIEW'],
    dealerAdmin: false,
    lineCount: 0,
    landing: 'shop',
  },
}

export const DEMO_ROLES: ReadonlyArray<DemoRole> = ['staff', 'dealer', 'carpenter', 'industry', 'translator', 'guest', 'reviewer']

/** The roles seeded first, in this order, with ids 1 to 6; the reviewer comes after every contact. */
export const FIRST_DEMO_ROLES: ReadonlyArray<DemoRole> = ['staff', 'dealer', 'carpenter', 'industry', 'translator', 'guest']
