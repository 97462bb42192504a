import { m } from '../../src/paraglide/messages'
import { toCsv } from '../../src/domain/csv-export'
import type { Column } from './data-table'
import { secondaryButtonClass } from './page'

// "Export CSV": the rows of the current view with the columns that have a text form.
export function CsvDownload<T>({ columns, rows, fileName }: { columns: ReadonlyArray<Column<T>>; rows: ReadonlyArray<T>; fileName: string }) {
  function download() {
    const exported = columns.filter((column) => column.text)
    const csv = toCsv(
      exported.map((column) => column.header()),
      rows.map((row) => exported.map((column) => column.text?.(row) ?? '')),
    )
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  return (
    <button type="button" className={secondaryButtonClass} onClick={download} disabled={rows.length === 0}>
      {m.table_export_csv()}
    </button>
  )
}
