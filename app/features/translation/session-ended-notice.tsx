import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { Notice } from '../../ui/page'
import { LoginAction } from './access-notice'
import type { TranslationAccess } from './translation-access'
import { linkButtonClass } from './link-button'

// A module apart from access-notice.tsx: the progress screen loads that one with its first load,
// this one only the desks need, on first use (access-notice-lazy.tsx, decision 035).

/** The server no longer takes this session (401): edits stay on the device; log in again. */
export function SessionEndedNotice({ access }: { access: TranslationAccess }) {
  return (
    <Notice tone="warning" role="alert">
      {m.translation_login_notice()}{' '}
      <LoginAction
        access={access}
        label={access.username === null ? m.translation_login_link() : m.translation_login_again()}
        className={cx(linkButtonClass, css({ fontWeight: 'semibold' }))}
      />
    </Notice>
  )
}
