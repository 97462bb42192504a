import type { z } from 'zod'
import type { materialOverviewEndpoint } from '../../../contract/company-parent'
import { m } from '../../../paraglide/messages'
import { portalTimeZone } from '../../auth/token.server'
import { escapeHtml as e, htmlPage, type DocumentContext } from '../../endpoint/document.server'

// The material overview as a page of its own (decision 029): no script, one style element
// allowed by the response's nonce, every value escaped, a print stylesheet (A4, table heads
// repeated on each page, no row split across pages, the hint left out).
type Overview = z.output<(typeof materialOverviewEndpoint)['data']>

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1b;background:#fff}
body{margin:0 auto;padding:24px 16px;max-width:1100px;line-height:1.45}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:28px 0 8px;break-after:avoid}
.meta{color:#4a4a48;margin:0 0 4px}
.hint{background:#f3efe9;border-left:6px solid #573b25;padding:8px 12px;margin:12px 0}
.count{font-weight:normal;color:#4a4a48;font-size:.95rem}
table{width:100%;border-collapse:collapse;font-size:.9rem}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #c9c3ba}
thead th{background:#f3efe9;border-bottom:2px solid #573b25}
.wrap{overflow-x:auto}
@media print{
  @page{size:A4;margin:14mm}
  body{padding:0;max-width:none;font-size:10pt}
  .hint{display:none}
  .wrap{overflow:visible}
  thead{display:table-header-group}
  tr{break-inside:avoid}
  thead th{background:none}
}`

export function overviewPage(data: Overview, context: DocumentContext): string {
  const { locale } = context
  const title = m.material_overview_heading({ company: data.company[1] }, { locale })
  const stamp = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: portalTimeZone() }).format(
    new Date(context.nowMs),
  )
  const head = [m.materials_col_material, m.materials_col_prodname, m.materials_col_line, m.materials_col_thicknesses, m.materials_col_texture]
    .map((label) => `<th scope="col">${e(label({}, { locale }))}</th>`)
    .join('')
  const sections = data.lines.map((line, index) => {
    const rows = line.materials
      .map(
        (row) =>
          `<tr><td>${e(row.material)}</td><td>${e(row.prodname)}</td><td>${e(line.line)}</td><td>${e(row.thicknesses.split('|').join(', '))}</td><td>${e(row.texture)}</td></tr>`,
      )
      .join('')
    const count = m.material_overview_count({ count: String(line.materials.length) }, { locale })
    return (
      `<section aria-labelledby="line-${index}"><h2 id="line-${index}">${e(m.material_overview_line({ line: line.line }, { locale }))} <span class="count">(${e(count)})</span></h2>` +
      `<div class="wrap" tabindex="0" role="region" aria-labelledby="line-${index}"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`
    )
  })
  const body =
    `<main><h1>${e(title)}</h1><p class="meta">${e(m.material_overview_as_of({ date: stamp }, { locale }))}</p>` +
    `<p class="hint">${e(m.material_overview_print_hint({}, { locale }))}</p>` +
    (sections.length > 0 ? sections.join('') : `<p>${e(m.material_overview_empty({}, { locale }))}</p>`) +
    '</main>'
  return htmlPage({ locale, nonce: context.nonce, title: `${title} · ${m.material_overview_title({}, { locale })}`, style: STYLE, body })
}

export function overviewFailurePage(status: number, messages: ReadonlyArray<string>, context: DocumentContext): string {
  const { locale } = context
  const title = m.material_overview_failure_title({}, { locale })
  const login = status === 401 ? `<p><a href="/">${e(m.material_overview_login({}, { locale }))}</a></p>` : ''
  const body = `<main><h1>${e(title)}</h1><div role="alert">${messages.map((text) => `<p>${e(text)}</p>`).join('')}</div>${login}</main>`
  return htmlPage({ locale, nonce: context.nonce, title, style: STYLE, body })
}
