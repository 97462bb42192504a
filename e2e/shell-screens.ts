import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'

// The screens of the portal shell, as the a11y scan and `npm run screenshots` visit them.
export type ShellScreen = { name: string; path: string; as?: string; doors?: boolean }

const { dealer, industry, carpenter, staff, translator } = DEMO_ACCOUNTS

export const SHELL_SCREENS: ReadonlyArray<ShellScreen> = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'test-login', path: '/test-login' },
  { name: 'welcome', path: '/welcome' },
  { name: 'page-not-found', path: '/no-such-page' },
  { name: 'use-other-browser', path: '/use-other-browser' },
  { name: 'door-site-home', path: '/', doors: true },
  { name: 'companies', path: `/companies/${dealer.companyId}`, as: dealer.username },
  { name: 'companies-search', path: `/companies/${dealer.companyId}?search=maurer`, as: dealer.username },
  { name: 'admin', path: '/admin', as: staff.username },
  { name: 'select-line', path: '/user/select-line', as: industry.username },
  { name: 'shop-stand-in', path: `/dealer/company/${carpenter.companyId}/shop`, as: carpenter.username },
  { name: 'vartext', path: '/vartext', as: translator.username },
  { name: 'system-i18n', path: '/system-i18n?dst=fr', as: translator.username },
  { name: 'catalogs', path: '/catalogs', as: translator.username },
  { name: 'catalog', path: '/catalog/1', as: translator.username },
  { name: 'category', path: '/catalog/1/griffe/buegelgriffe?dst=fr', as: translator.username },
  { name: 'article', path: '/article/4/griffe/buegelgriffe/bg-96-edelstahl?lang=fr', as: translator.username },
  { name: 'glossary', path: '/glossary?language=fr', as: translator.username },
  { name: 'progress', path: '/progress', as: translator.username },
  { name: 'order-approve', path: '/order-approve?tab=in_process', as: staff.username },
  { name: 'order-reset', path: '/order-reset', as: staff.username },
  { name: 'price-logs', path: '/price-logs', as: staff.username },
  { name: 'price-detail', path: '/detail-price/1', as: staff.username },
  { name: 'activity', path: '/activity', as: staff.username },
  { name: 'activity-dealer', path: `/activity?company=${carpenter.companyId}`, as: dealer.username },
  { name: 'manage-users', path: '/manage-users', as: staff.username },
  { name: 'switch-user', path: '/switch-user', as: staff.username },
  { name: 'upload-files', path: '/upload-files', as: staff.username },
  { name: 'contacts-overview', path: `/overview-contacts?cid=${carpenter.companyId}`, as: dealer.username },
  { name: 'contacts-create', path: `/create-contact?cid=${carpenter.companyId}`, as: dealer.username },
  { name: 'contact-edit', path: `/edit-contact/${carpenter.userId}`, as: dealer.username },
  { name: 'delivery-overview', path: '/overview-delivery', as: carpenter.username },
  { name: 'delivery-create', path: '/create-delivery', as: carpenter.username },
]

/** The origin of a screen: the door site swaps the host name, keeping the port. */
export function originFor(screen: ShellScreen, base: string): string {
  if (!screen.doors) return base
  const url = new URL(base)
  url.hostname = 'doors.localhost'
  return url.origin
}
