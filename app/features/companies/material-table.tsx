import { useMemo, useState } from 'react'
import type { MaterialToLine } from '../../../src/contract/lines'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useDebounced } from '../../ui/use-debounced'

// The searchable material table of select-line (material, prodname, line, thicknesses,
// texture); the search settles after 100 ms.
const SEARCH_DEBOUNCE_MS = 100

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', p: '2', borderBottom: '1px solid', borderColor: 'border' },
  '& th': { position: 'sticky', top: 0, bg: 'bg.subtle' },
})

export function MaterialTable({ materials }: { materials: ReadonlyArray<MaterialToLine> }) {
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS)
  const shown = useMemo(
    () =>
      query === ''
        ? materials
        : materials.filter((row) =>
            [row.material, row.prodname, row.line__name, row.thicknesses.replaceAll('|', ' '), row.texture].some((value) =>
              value.toLowerCase().includes(query),
            ),
          ),
    [materials, query],
  )
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <label className={css({ display: 'grid', gap: '1', maxW: 'md' })}>
        {m.materials_search()}
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg' })}
        />
      </label>
      <p aria-live="polite" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {m.materials_count({ shown: String(shown.length), total: String(materials.length) })}
      </p>
      <div
        className={css({ overflowX: 'auto', maxH: '28rem', overflowY: 'auto', border: '1px solid', borderColor: 'border', borderRadius: 'control' })}
        tabIndex={0}
        role="region"
        aria-label={m.materials_heading()}
      >
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">{m.materials_col_material()}</th>
              <th scope="col">{m.materials_col_prodname()}</th>
              <th scope="col">{m.materials_col_line()}</th>
              <th scope="col">{m.materials_col_thicknesses()}</th>
              <th scope="col">{m.materials_col_texture()}</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={5}>{m.materials_empty()}</td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={row.pk}>
                  <td>{row.material}</td>
                  <td>{row.prodname}</td>
                  <td>{row.line__name}</td>
                  <td>{row.thicknesses.split('|').join(', ')}</td>
                  <td>{row.texture}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
