import { css } from '../../styled-system/css'

// A labelled progress bar; without a value it shows that work goes on (server processing).
export function ProgressBar({ label, value }: { label: string; value: number | null }) {
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <span id="progress-label">
        {label}
        {value !== null ? ` ${Math.round(value * 100)} %` : ''}
      </span>
      <div
        role="progressbar"
        aria-labelledby="progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value !== null ? Math.round(value * 100) : undefined}
        className={css({ h: '3', bg: 'oak.100', borderRadius: 'full', overflow: 'hidden' })}
      >
        <div
          className={css({ h: 'full', bg: 'accent', transition: 'width 0.2s' })}
          style={value !== null ? { width: `${Math.round(value * 100)}%` } : { width: '100%', opacity: 0.5 }}
        />
      </div>
    </div>
  )
}
