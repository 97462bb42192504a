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
    downloadFile(fileName, csv, 'text/csv;charset=utf-8')
  }
  return (
    <button type="button" className={secondaryButtonClass} onClick={download} disabled={rows.length === 0}>
      {m.table_export_csv()}
    </button>
  )
}

/** Hands the browser a file made here to save: the CSV export, the recovery codes (one module, one chunk). */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The link's download has started from the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
