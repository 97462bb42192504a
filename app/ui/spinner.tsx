import { css } from '../../styled-system/css'

// A small busy indicator with its text, announced to screen readers.
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
      <span
        aria-hidden
        className={css({
          w: '4',
          h: '4',
          borderRadius: 'full',
          border: '2px solid',
          borderColor: 'border',
          borderTopColor: 'accent',
          animation: 'spin 0.8s linear infinite',
        })}
      />
      {label}
    </span>
  )
}
