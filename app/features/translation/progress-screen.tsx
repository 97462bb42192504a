import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import type { LanguageProgress, ProgressArea, ProgressData } from '../../../src/contract/translation-team'
import { css, cx } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { formatDeviceTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Notice, cardClass, headingClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { useOnline } from '../../ui/use-online'
import { AccessNotice } from './access-notice'
import { progressQueryOptions } from './progress.functions'
import { SEGMENTS, barParts, donePercent, type Segment } from './progress-segments'
import type { TranslationAccess } from './translation-access'

// /progress (docs/decisions/049): per area and language, a bar of the texts' states — each part
// a link to the desk listing exactly those texts — and who translated and reviewed how many
// texts in the last 7 days.

const screenClass = css({ display: 'grid', gap: '5', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })
// 24 px high and wide at least: a part stays a target a finger can hit (WCAG 2.5.8).
const barClass = css({ display: 'flex', h: '6', borderRadius: 'control', overflow: 'hidden', bg: 'oak.50', border: '1px solid', borderColor: 'border' })
const partClass = css({
  display: 'block',
  h: 'full',
  minW: '6',
  flexShrink: 1,
  outlineOffset: '-2px',
  _hover: { filter: 'brightness(0.85)' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focus' },
})
const SEGMENT_CLASS: Record<Segment, string> = {
  approved: css({ bg: 'success.600' }),
  unreviewed: css({ bg: 'oak.600' }),
  needs_editing: css({ bg: 'warning.400' }),
  // Stripes as well as a colour, so outdated stays apart from untranslated without colour vision.
  outdated: css({ bg: 'brass.400', backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 4px, rgba(255,255,255,0.45) 4px 8px)' }),
  untranslated: css({ bg: 'oak.100' }),
}

function segmentLabel(segment: Segment): string {
  if (segment === 'approved') return m.progress_segment_approved()
  if (segment === 'unreviewed') return m.progress_segment_unreviewed()
  if (segment === 'needs_editing') return m.progress_segment_needs_editing()
  if (segment === 'outdated') return m.translation_filter_outdated()
  return m.translation_filter_untranslated()
}

export function ProgressScreen({ access }: { access: TranslationAccess }) {
  useLocale()
  const online = useOnline()
  const progress = useQuery({ ...progressQueryOptions(), enabled: access.canTranslate })
  const data = progress.data
  return (
    <div className={screenClass}>
      <header className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '3' })}>
        <div className={css({ display: 'grid', gap: '1' })}>
          <h1 className={headingClass}>{m.menu_progress()}</h1>
          <p className={css({ color: 'fg.muted', maxW: '70ch' })}>{m.progress_intro()}</p>
        </div>
        {access.canTranslate ? (
          <button type="button" className={secondaryButtonClass} disabled={progress.isFetching || !online} onClick={() => void progress.refetch()}>
            {progress.isFetching ? <Spinner label={m.progress_loading()} /> : m.progress_refresh()}
          </button>
        ) : null}
      </header>
      <AccessNotice access={access} />
      {access.canTranslate && !online ? <Notice tone="warning">{m.progress_offline()}</Notice> : null}
      {progress.isError ? <Notice tone="danger">{messagesOf(progress.error).join(' ')}</Notice> : null}
      {access.canTranslate && progress.isPending ? (
        <p className={css({ color: 'fg.muted' })}>
          <Spinner label={m.progress_loading()} /> {m.progress_loading()}
        </p>
      ) : null}
      {data ? <ProgressView data={data} /> : null}
    </div>
  )
}

function ProgressView({ data }: { data: ProgressData }) {
  const names = new Map(data.language_choices)
  if (data.areas.length === 0)
    return <p className={css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })}>{m.progress_empty()}</p>
  return (
    <>
      <Legend />
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } })}>
        {data.areas.map((area) => (
          <AreaCard key={`${area.kind}-${area.catalog ?? ''}`} area={area} names={names} />
        ))}
      </div>
      <People data={data} />
    </>
  )
}

function Legend() {
  return (
    <ul aria-label={m.progress_legend()} className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', listStyle: 'none', p: '0', m: '0', fontSize: 'sm' })}>
      {SEGMENTS.map((segment) => (
        <li key={segment} className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span
            aria-hidden
            className={cx(
              css({ display: 'inline-block', w: '4', h: '4', borderRadius: 'sm', border: '1px solid', borderColor: 'border' }),
              SEGMENT_CLASS[segment],
            )}
          />
          {segmentLabel(segment)}
        </li>
      ))}
    </ul>
  )
}

function areaTitle(area: ProgressArea): string {
  if (area.kind === 'vartext') return m.menu_vartext()
  if (area.kind === 'system') return m.menu_system_i18n()
  return m.progress_catalog({ name: area.name ?? String(area.catalog) })
}

function AreaCard({ area, names }: { area: ProgressArea; names: ReadonlyMap<string, string> }) {
  const languages = Object.entries(area.languages).sort(([a], [b]) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b))
  const headingId = `progress-${area.kind}-${area.catalog ?? 'all'}`
  return (
    <section aria-labelledby={headingId} className={cx(cardClass, css({ display: 'grid', gap: '3', minW: '0' }))}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: '2' })}>
        <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {areaTitle(area)}
        </h2>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.progress_total({ count: area.total })}</span>
      </div>
      {languages.length === 0 ? <p className={css({ color: 'fg.muted' })}>{m.progress_no_languages()}</p> : null}
      {languages.map(([code, counts]) => (
        <LanguageBar key={code} area={area} code={code} name={names.get(code) ?? code} counts={counts} />
      ))}
    </section>
  )
}

function LanguageBar({ area, code, name, counts }: { area: ProgressArea; code: string; name: string; counts: LanguageProgress }) {
  const parts = barParts(counts)
  return (
    <div className={css({ display: 'grid', gap: '1' })} data-testid={`progress-${area.kind}-${area.catalog ?? ''}-${code}`}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
        <span className={css({ fontWeight: 'medium' })}>{name}</span>
        <span className={css({ color: 'fg.muted' })}>{m.progress_done({ percent: donePercent(counts) })}</span>
      </div>
      <div className={barClass} role="list" aria-label={m.progress_bar_label({ language: name })}>
        {parts.map((part) => (
          <DeskLink
            key={part.segment}
            area={area}
            code={code}
            filter={part.segment}
            role="listitem"
            className={cx(partClass, SEGMENT_CLASS[part.segment])}
            style={{ width: `${part.share * 100}%` }}
            label={m.progress_part_label({ label: segmentLabel(part.segment), count: part.count })}
          />
        ))}
      </div>
      {counts.with_issues > 0 ? (
        <DeskLink
          area={area}
          code={code}
          filter="issues"
          className={css({ fontSize: 'sm', color: 'warning.700', textDecoration: 'underline', justifySelf: 'start' })}
        >
          {m.progress_issues({ count: counts.with_issues })}
        </DeskLink>
      ) : null}
    </div>
  )
}

type DeskLinkProps = {
  area: ProgressArea
  code: string
  filter: Segment | 'issues'
  className: string
  role?: 'listitem'
  style?: { width: string }
  label?: string
  children?: React.ReactNode
}

/** The desk of the area in that language, listing the texts of the part (a catalogue opens at its first level). */
function DeskLink({ area, code, filter, className, role, style, label, children }: DeskLinkProps) {
  const common = { className, role, style, 'aria-label': label, title: label }
  if (area.kind === 'vartext') {
    return (
      <Link to="/vartext" search={{ src: 'master', dst: code, filter, q: '', view: 'cards' }} {...common}>
        {children}
      </Link>
    )
  }
  if (area.kind === 'system') {
    return (
      <Link to="/system-i18n" search={{ src: 'master', dst: code, filter, q: '', view: 'cards' }} {...common}>
        {children}
      </Link>
    )
  }
  return (
    <Link to="/catalog/$id" params={{ id: area.catalog ?? 0 }} search={{ src: 'master', dst: code }} {...common}>
      {children}
    </Link>
  )
}

function People({ data }: { data: ProgressData }) {
  const most = Math.max(1, ...data.people.map((person) => Math.max(person.translated, person.reviewed)))
  return (
    <section aria-labelledby="progress-people" className={cx(cardClass, css({ display: 'grid', gap: '3' }))}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', alignItems: 'baseline' })}>
        <h2 id="progress-people" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {m.progress_people_title()}
        </h2>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.progress_people_since({ since: formatDeviceTime(data.since) })}</span>
      </div>
      {data.people.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>{m.progress_people_empty()}</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
          {data.people.map((person) => (
            <li key={person.username ?? person.by} className={css({ display: 'grid', gap: '1' })}>
              <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{person.by}</span>
              <PersonBar
                label={m.progress_people_translated({ count: person.translated })}
                share={person.translated / most}
                className={SEGMENT_CLASS.unreviewed}
              />
              <PersonBar label={m.progress_people_reviewed({ count: person.reviewed })} share={person.reviewed / most} className={SEGMENT_CLASS.approved} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function PersonBar({ label, share, className }: { label: string; share: number; className: string }) {
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' }, gap: '2', alignItems: 'center', fontSize: 'sm' })}>
      <span className={css({ color: 'fg.muted' })}>{label}</span>
      <span aria-hidden className={css({ display: 'block', h: '3', bg: 'oak.50', borderRadius: 'full', overflow: 'hidden' })}>
        <span className={cx(css({ display: 'block', h: 'full', borderRadius: 'full' }), className)} style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </div>
  )
}
