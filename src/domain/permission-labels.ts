import type { Locale } from '../contract/envelope'
import { m } from '../paraglide/messages'
import type { Permission } from './permissions'

// What each permission group allows, in words a user reads (admin screen, refusals).
const labels: Record<Permission, (locale: Locale | undefined) => string> = {
  IS_DEALER_ADMIN: (locale) => m.permission_is_dealer_admin({}, { locale }),
  CAN_CREATE_COMPANIES: (locale) => m.permission_can_create_companies({}, { locale }),
  CAN_CREATE_CONTACTS: (locale) => m.permission_can_create_contacts({}, { locale }),
  CAN_APPROVE_ORDER: (locale) => m.permission_can_approve_order({}, { locale }),
  CAN_TRANSLATE: (locale) => m.permission_can_translate({}, { locale }),
  CAN_UPLOAD: (locale) => m.permission_can_upload({}, { locale }),
  SEE_PRICELOGS: (locale) => m.permission_see_pricelogs({}, { locale }),
  MANAGE_USERS: (locale) => m.permission_manage_users({}, { locale }),
  CAN_CHANGE_PASSWORD: (locale) => m.permission_can_change_password({}, { locale }),
  CAN_REVIEW: (locale) => m.permission_can_review({}, { locale }),
}

/** The label in `locale`, or in the current page language when none is given. */
export function permissionLabel(permission: Permission, locale?: Locale): string {
  return labels[permission](locale)
}
