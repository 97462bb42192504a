import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useClaimOf } from './claims'

// "<name> is on this text": another user has the text open on their desk (docs/decisions/049,
// "Claims and live saves"). Advisory: the text stays open to everyone; the moves skip it.

export function ClaimBadge({ textKey, compact = false }: { textKey: string; compact?: boolean }) {
  const claim = useClaimOf(textKey)
  if (!claim) return null
  const label = m.translation_claimed_by({ name: claim.name })
  return (
    <span data-testid="claim-badge" title={m.translation_claimed_title({ by: claim.by })} className={compact ? compactClass : badgeClass}>
      <span aria-hidden className={dotClass} />
      {label}
    </span>
  )
}

const badgeClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'oak.100',
  color: 'oak.700',
  overflowWrap: 'anywhere',
})
const compactClass = css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'xs', color: 'oak.700', ml: '2' })
const dotClass = css({ w: '2', h: '2', borderRadius: 'full', bg: 'brass.600', flexShrink: 0 })
