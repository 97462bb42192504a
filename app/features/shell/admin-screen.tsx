import type { SessionUser } from '../../../src/contract/session'
import { permissionLabel } from '../../../src/domain/permission-labels'
import { PERMISSIONS } from '../../../src/domain/permissions'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, cardClass, headingClass, linkClass, subheadingClass } from '../../ui/page'
import { menuFor } from './menu'
import { MenuLink } from './menu-link'

// The admin link's target: the screens this account can open, and what its permission
// groups allow.
export function AdminScreen({ user }: { user: SessionUser }) {
  useLocale()
  const entries = menuFor(user).filter((entry) => entry.id !== 'admin')
  const groups = PERMISSIONS.filter((permission) => user.groups.includes(permission))
  return (
    <Page>
      <h1 className={headingClass}>{m.admin_title()}</h1>
      <section className={cardClass} aria-labelledby="admin-account">
        <h2 id="admin-account" className={subheadingClass}>
          {m.admin_account_heading()}
        </h2>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
            rowGap: '1',
            columnGap: '4',
            '& dt': { fontWeight: 'semibold' },
            '& dd': { overflowWrap: 'anywhere' },
          })}
        >
          <dt>{m.field_username()}</dt>
          <dd>{user.username}</dd>
          <dt>{m.shop_standin_company()}</dt>
          <dd>{user.company[1]}</dd>
          <dt>{m.shop_standin_line()}</dt>
          <dd>{user.last_line ? user.last_line[1] : m.shop_standin_no_line()}</dd>
        </dl>
      </section>
      <section className={cardClass} aria-labelledby="admin-screens">
        <h2 id="admin-screens" className={subheadingClass}>
          {m.admin_screens_heading()}
        </h2>
        <ul className={css({ display: 'grid', gap: '2' })}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <MenuLink entry={entry} user={user} className={linkClass}>
                {entry.label()}
              </MenuLink>
            </li>
          ))}
        </ul>
      </section>
      <section className={cardClass} aria-labelledby="admin-permissions">
        <h2 id="admin-permissions" className={subheadingClass}>
          {m.admin_permissions_heading()}
        </h2>
        {groups.length === 0 ? (
          <p>{m.admin_no_permissions()}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })}>
            {groups.map((group) => (
              <li key={group}>
                <code className={css({ fontWeight: 'semibold' })}>{group}</code> — {permissionLabel(group)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  )
}
