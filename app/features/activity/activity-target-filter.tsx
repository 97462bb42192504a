import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { secondaryButtonClass } from '../../ui/page'

// The target filter (decision 053): set by the link of a record's row (a contact, an address)
// and shown while it applies — there is no field to type a target into — with a button that
// takes it away and leaves the other filters as they are.
export function ActivityTargetFilter({ target, onClear }: { target: string; onClear: () => void }) {
  return (
    <p
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '2',
        m: '0',
        px: '3',
        py: '2',
        border: '1px solid',
        borderColor: 'border',
        borderRadius: 'md',
        bg: 'bg.subtle',
      })}
    >
      <span className={css({ overflowWrap: 'anywhere', minW: '0', flex: '1 1 12rem' })}>{m.activity_target_filter({ target })}</span>
      <button type="button" className={secondaryButtonClass} aria-label={m.activity_target_clear_named({ target })} onClick={onClear}>
        {m.activity_target_clear()}
      </button>
    </p>
  )
}
