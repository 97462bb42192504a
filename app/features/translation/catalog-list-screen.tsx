import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { cardClass } from '../../ui/page'
import { CatalogControls, TitleBar, emptyClass, labelOf, screenClass, useCatalog, type CatalogProps } from './catalog-parts'

// catalog-list (/catalogs): the catalogue cards with their progress, from the device's copy.

export function CatalogListScreen(props: CatalogProps) {
  useLocale()
  const catalog = useCatalog(props)
  const { data } = catalog
  const { search } = props
  const totals = data
    ? Object.values(data.progress).reduce((sum, entry) => ({ translated: sum.translated + entry.translated, total: sum.total + entry.total }), {
        translated: 0,
        total: 0,
      })
    : null
  return (
    <div className={screenClass}>
      <TitleBar title={m.catalogs_title()} counts={totals} pending={catalog.doc === undefined || catalog.loading} tags={[]} />
      <CatalogControls {...props} catalog={catalog} />
      {data ? (
        data.catalogues.length === 0 ? (
          <p role="status" className={emptyClass}>
            {m.catalogs_empty()}
          </p>
        ) : (
          <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
            {data.catalogues.map((node) => {
              const progress = data.progress[String(node.id)] ?? { translated: 0, total: 0 }
              const percent = progress.total === 0 ? 100 : Math.round((progress.translated / progress.total) * 100)
              return (
                <li key={node.id} className={cardClass}>
                  <Link
                    to="/catalog/$id"
                    params={{ id: node.id }}
                    search={search}
                    className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'accent', textDecoration: 'underline' })}
                  >
                    {labelOf(node, data, search)}
                  </Link>
                  <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {m.catalogs_progress({ translated: progress.translated, total: progress.total })}
                  </span>
                  <progress
                    max={Math.max(1, progress.total)}
                    value={progress.translated}
                    aria-label={m.catalogs_progress({ translated: progress.translated, total: progress.total })}
                    className={css({ w: 'full', accentColor: 'accent' })}
                  >
                    {percent} %
                  </progress>
                </li>
              )
            })}
          </ul>
        )
      ) : null}
    </div>
  )
}
