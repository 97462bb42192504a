import type { Permission } from '../../domain/permissions'
import type { NewUser } from '../db/schema/index'
import { addMinutes, daysBefore } from './clock'
import type { CompanyWorld, SeedCompany } from './companies'
import { FIRST_NAMES, LAST_NAMES, MIDDLE_NAMES, asciiSlug } from './data/people'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, FIRST_DEMO_ROLES, type DemoRole } from './demo-accounts'
import type { Random } from './random'

export type SeedUser = NewUser & {
  id: number
  email: string
  companyId: number
  firstName: string
  lastName: string
  isActive: boolean
}

export type UserWorld = {
  users: SeedUser[]
  userGroups: Array<{ userId: number; permission: Permission }>
  /** Active users per company, for baskets and price logs. */
  activeUserIds: ReadonlyMap<number, ReadonlyArray<number>>
  /** The dealer admin acting for a company (approvals), by company id. */
  adminUserIds: ReadonlyMap<number, number>
}

const DEMO_NAMES: Readonly<Record<DemoRole, readonly [string, string, string]>> = {
  staff: ['Stefanie', 'Roth', 'de'],
  dealer: ['Markus', 'Brenner', 'de'],
  carpenter: ['Jonas', 'Maurer', 'de'],
  industry: ['Claudia', 'Albrecht', 'de'],
  translator: ['Camille', 'Laurent', 'en'],
  guest: ['Gast', 'Türen-Portal', 'de'],
  reviewer: ['Henrik', 'Vogt', 'de'],
}

// Group sets of the supplier's other staff, by job.
const STAFF_JOBS: ReadonlyArray<ReadonlyArray<Permission>> = [
  ['CAN_APPROVE_ORDER', 'SEE_PRICELOGS', 'CAN_UPLOAD'],
  ['CAN_UPLOAD', 'SEE_PRICELOGS'],
  ['IS_DEALER_ADMIN', 'MANAGE_USERS', 'CAN_CHANGE_PASSWORD', 'CAN_CREATE_CONTACTS'],
  ['CAN_TRANSLATE'],
]

/** The demo accounts plus about two contacts per company, all sharing one password hash. */
export function buildUsers(random: Random, world: CompanyWorld, passwordHash: string): UserWorld {
  const users: SeedUser[] = []
  const userGroups: UserWorld['userGroups'] = []
  const activeUserIds = new Map<number, number[]>()
  const adminUserIds = new Map<number, number>()
  const emails = new Set<string>()
  const companyById = new Map(world.companies.map((company) => [company.id, company]))
  let nextId = FIRST_DEMO_ROLES.length + 1

  function add(user: SeedUser, groups: ReadonlyArray<Permission>): void {
    users.push(user)
    emails.add(user.email)
    for (const permission of groups) userGroups.push({ userId: user.id, permission })
    if (user.isActive) activeUserIds.set(user.companyId, [...(activeUserIds.get(user.companyId) ?? []), user.id])
    if (groups.includes('IS_DEALER_ADMIN') && !adminUserIds.has(user.companyId)) adminUserIds.set(user.companyId, user.id)
  }

  function base(company: SeedCompany): Omit<SeedUser, 'id' | 'email' | 'firstName' | 'lastName' | 'isActive'> {
    return {
      passwordHash,
      companyId: company.id,
      lastLineId: company.lastLineId ?? null,
      createdAt: earliest(addMinutes(company.createdAt, random.int(60, 60 * 24 * 7)), daysBefore(1)),
      optOut: random.chance(0.2),
      middleName: random.chance(0.1) ? random.pick(MIDDLE_NAMES) : '',
    }
  }

  for (const role of FIRST_DEMO_ROLES) {
    const account = DEMO_ACCOUNTS[role]
    const company = companyById.get(account.companyId)
    if (!company) throw new Error(`Demo company ${account.companyId} missing`)
    const [firstName, lastName, language] = DEMO_NAMES[role]
    add(
      {
        ...base(company),
        id: account.userId,
        email: account.username,
        firstName,
        lastName,
        middleName: '',
        language,
        isActive: true,
        dealerAdmin: account.dealerAdmin,
        optOut: false,
        lastLoginAt: daysBefore(random.int(1, 20), random.int(0, 900)),
      },
      account.groups,
    )
  }

  const hasChildren = new Set(world.companies.map((company) => company.parentId))
  for (const company of world.companies) {
    if (company.isGuestCompany) continue
    const isRoot = company.id === DEMO_COMPANY_IDS.supplier
    const count = isRoot
      ? STAFF_JOBS.length
      : random.weighted([
          [1, 30],
          [2, 45],
          [3, 25],
        ])
    const domain = (company.email ?? '').split('@')[1] ?? `${asciiSlug(company.name1)}.example`
    for (let i = 0; i < count; i++) {
      const firstName = random.pick(FIRST_NAMES)
      const lastName = random.pick(LAST_NAMES)
      let email = `${asciiSlug(firstName)}.${asciiSlug(lastName)}@${domain}`
      for (let n = 2; emails.has(email); n++) email = `${asciiSlug(firstName)}.${asciiSlug(lastName)}${n}@${domain}`
      // The first contact of a dealer (or of an industry customer with branches) runs its tree.
      const runsTree = company.companyType === 'D' || (company.companyType === 'I' && hasChildren.has(company.id))
      const admin = i === 0 && !isRoot && runsTree
      const groups: Permission[] = isRoot ? [...(STAFF_JOBS[i] ?? [])] : []
      if (admin) {
        groups.push('IS_DEALER_ADMIN', 'CAN_CREATE_CONTACTS', 'CAN_APPROVE_ORDER')
        if (random.chance(0.5)) groups.push('CAN_CREATE_COMPANIES')
      }
      const isActive = admin || isRoot || random.chance(0.88)
      const common = base(company)
      const loginDay = daysBefore(random.int(0, 90), random.int(0, 900))
      const lastLoginAt = isActive && random.chance(0.7) ? latest(common.createdAt ?? company.createdAt, loginDay) : null
      add(
        {
          ...common,
          id: nextId++,
          email,
          firstName,
          lastName,
          language: company.language === 'de' && random.chance(0.1) ? 'en' : (company.language ?? 'de'),
          isActive,
          dealerAdmin: admin,
          lastLoginAt,
        },
        groups,
      )
    }
  }
  addReviewer(add, companyById, passwordHash)
  return { users, userGroups, activeUserIds, adminUserIds }
}

/** The demo reviewer, last and without drawing on `random`, so no other seeded row changes. */
function addReviewer(
  add: (user: SeedUser, groups: ReadonlyArray<Permission>) => void,
  companies: ReadonlyMap<number, SeedCompany>,
  passwordHash: string,
): void {
  const account = DEMO_ACCOUNTS.reviewer
  const company = companies.get(account.companyId)
  if (!company) throw new Error(`Demo company ${account.companyId} missing`)
  const [firstName, lastName, language] = DEMO_NAMES.reviewer
  add(
    {
      passwordHash,
      companyId: company.id,
      lastLineId: company.lastLineId ?? null,
      createdAt: daysBefore(30),
      optOut: false,
      middleName: '',
      id: account.userId,
      email: account.username,
      firstName,
      lastName,
      language,
      isActive: true,
      dealerAdmin: account.dealerAdmin,
      lastLoginAt: daysBefore(2),
    },
    account.groups,
  )
}

function earliest(a: Date, b: Date): Date {
  return a < b ? a : b
}

function latest(a: Date, b: Date): Date {
  return a > b ? a : b
}
