import type { CompanyContact } from '../../../contract/contacts'
import type { User } from '../../db/schema/index'

/** A contact as the contacts calls answer it. */
export function toCompanyContact(user: User, company: [number, string]): CompanyContact {
  return {
    id: user.id,
    name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    first_name: user.firstName,
    middle_name: user.middleName,
    last_name: user.lastName,
    language: user.language === 'en' ? 'en' : 'de',
    company,
    dealer_admin: user.dealerAdmin,
    opt_out: user.optOut,
    is_active: user.isActive,
    active: user.isActive,
    last_login: user.lastLoginAt?.toISOString() ?? null,
  }
}
