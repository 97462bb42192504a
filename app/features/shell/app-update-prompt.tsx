import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { buttonClass } from '../../ui/page'
import type { ApplyUpdate } from './worker-registration'

/**
 * The persistent prompt that a new version of the portal is there (worker-registration.ts found
 * it waiting), fetched only then: "Reload" makes the new version the one in charge and reloads.
 */
export function UpdatePrompt({ apply }: { apply: ApplyUpdate }) {
  useLocale()
  return (
    <div
      role="status"
      className={css({
        position: 'fixed',
        bottom: '4',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'toast',
        w: 'min(32rem, calc(100vw - 2rem))',
        bg: 'fg',
        color: 'white',
        borderRadius: 'card',
        boxShadow: 'lg',
        px: '4',
        py: '3',
        display: 'flex',
        gap: '3',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
      })}
    >
      <span>{m.update_available()}</span>
      <button type="button" className={buttonClass} onClick={apply}>
        {m.update_reload()}
      </button>
    </div>
  )
}
