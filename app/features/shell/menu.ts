import type { SessionUser } from '../../../src/contract/session'
import type { Permission } from '../../../src/domain/permissions'
import { m } from '../../../src/paraglide/messages'

// The side menu: entries by permission, and only for screens that
// exist in this portal — an entry is added here together with its screen, never before.
// My company and create company are the screens of the company form (plain links with
// the user's own company); the companies tree opens at the user's own company.
type RouteTo =
  | '/admin'
  | '/redirect2shop'
  | '/{-$location}/user/select-line'
  | '/vartext'
  | '/system-i18n'
  | '/glossary'
  | '/progress'
  | '/catalogs'
  | '/order-approve'
  | '/order-reset'
  | '/upload-files'
  | '/price-logs'
  | '/activity'
  | '/manage-users'
  | '/switch-user'
  | '/companies/$cid'
  | '/{-$location}/overview-delivery'
  | '/{-$location}/create-delivery'

export type MenuEntry = {
  id: string
  label: () => string
  /** Who sees it: every signed-in user, one permission group, or a rule on the user. */
  shownTo: 'everyone' | Permission | ((user: SessionUser) => boolean)
} & ({ to: RouteTo; href?: undefined } | { to?: undefined; href: (user: SessionUser) => string })

export const MENU: ReadonlyArray<MenuEntry> = [
  { id: 'shop', to: '/redirect2shop', label: () => m.menu_shop(), shownTo: 'everyone' },
  { id: 'select-line', to: '/{-$location}/user/select-line', label: () => m.menu_select_line(), shownTo: (user) => user.lines.length > 1 },
  { id: 'my-company', href: (user) => `/my-company/?cid=${user.company[0]}`, label: () => m.companies_tree_menu_my_company(), shownTo: 'everyone' },
  { id: 'delivery-overview', to: '/{-$location}/overview-delivery', label: () => m.menu_delivery_overview(), shownTo: 'everyone' },
  { id: 'create-delivery', to: '/{-$location}/create-delivery', label: () => m.menu_create_delivery(), shownTo: 'everyone' },
  { id: 'companies', to: '/companies/$cid', label: () => m.companies_tree_menu(), shownTo: 'IS_DEALER_ADMIN' },
  { id: 'contacts', href: (user) => `/overview-contacts/?cid=${user.company[0]}`, label: () => m.menu_contacts(), shownTo: 'IS_DEALER_ADMIN' },
  {
    id: 'create-company',
    href: (user) => `/create-company/?cid=${user.company[0]}`,
    label: () => m.companies_tree_menu_create_company(),
    shownTo: 'CAN_CREATE_COMPANIES',
  },
  { id: 'admin', to: '/admin', label: () => m.menu_admin(), shownTo: 'everyone' },
  { id: 'order-approve', to: '/order-approve', label: () => m.menu_order_approve(), shownTo: 'CAN_APPROVE_ORDER' },
  { id: 'order-reset', to: '/order-reset', label: () => m.menu_order_reset(), shownTo: 'CAN_APPROVE_ORDER' },
  { id: 'upload-files', to: '/upload-files', label: () => m.menu_upload_files(), shownTo: 'CAN_UPLOAD' },
  { id: 'price-logs', to: '/price-logs', label: () => m.menu_price_logs(), shownTo: 'SEE_PRICELOGS' },
  { id: 'activity', to: '/activity', label: () => m.menu_activity(), shownTo: 'IS_DEALER_ADMIN' },
  { id: 'manage-users', to: '/manage-users', label: () => m.menu_manage_users(), shownTo: 'MANAGE_USERS' },
  { id: 'switch-user', to: '/switch-user', label: () => m.menu_switch_user(), shownTo: 'MANAGE_USERS' },
  { id: 'catalogs', to: '/catalogs', label: () => m.menu_catalogs(), shownTo: 'CAN_TRANSLATE' },
  { id: 'vartext', to: '/vartext', label: () => m.menu_vartext(), shownTo: 'CAN_TRANSLATE' },
  { id: 'system-i18n', to: '/system-i18n', label: () => m.menu_system_i18n(), shownTo: 'CAN_TRANSLATE' },
  { id: 'glossary', to: '/glossary', label: () => m.glossary_title(), shownTo: 'CAN_TRANSLATE' },
  { id: 'progress', to: '/progress', label: () => m.menu_progress(), shownTo: 'CAN_TRANSLATE' },
]

export function menuFor(user: SessionUser | null): ReadonlyArray<MenuEntry> {
  if (!user) return []
  return MENU.filter((entry) => {
    if (entry.shownTo === 'everyone') return true
    if (typeof entry.shownTo === 'function') return entry.shownTo(user)
    return user.groups.includes(entry.shownTo)
  })
}
