import { m } from '../../../src/paraglide/messages'
import { cx } from '../../../styled-system/css'
import { MenuButtonFace, menuButtonClass, narrowOnlyClass, wideOnlyClass } from '../../ui/row-buttons'
import { pageScreenHint } from '../../ui/screen-hint'
import { ROW_BUTTONS_QUERY } from '../../ui/screen-queries'
import { hintedMatch } from '../../ui/use-media-query'
import { CompanyText } from './company-text'
import type { CompanyItem, TreeItem } from './tree-model'
import { INDENT_PX, actionClass, actionsClass, focusClass, indicatorClass, nodeClass, placeholderClass, rowClass, textClass } from './tree-row-styles'

// A companies tree row as the server renders it: the same look and the same tree semantics as
// the interactive row (tree-row.tsx), in plain elements and links — none of the tree view's
// machinery, which cost a third of the companies page on the server. The interactive
// tree replaces these rows before the browser first paints after hydration (company-tree.tsx).
export type StaticRowProps = { item: TreeItem; depth: number; open: boolean; currentId: number; term: string }

export function StaticTreeRow({ item, depth, open, currentId, term }: StaticRowProps) {
  const indent = { paddingInlineStart: `${(depth - 1) * INDENT_PX}px` }
  if (item.kind !== 'company') {
    const text =
      item.kind === 'failed'
        ? m.companies_tree_children_failed()
        : item.kind === 'more'
          ? m.companies_tree_more({ loaded: item.loaded, total: item.total })
          : item.label
    return (
      <div
        role="treeitem"
        aria-level={depth}
        aria-selected="false"
        aria-busy={item.kind !== 'failed'}
        className={cx(rowClass, focusClass, placeholderClass)}
        style={indent}
      >
        <span className={nodeClass}>
          <span aria-hidden="true" className={indicatorClass} />
          <span className={textClass}>{text}</span>
        </span>
      </div>
    )
  }
  const branch = item.children !== undefined || item.childrenCount !== undefined
  return (
    <div
      role="treeitem"
      aria-level={depth}
      aria-setsize={item.setSize}
      aria-posinset={item.posInSet}
      aria-selected="false"
      aria-expanded={branch ? open : undefined}
      data-hit={item.hit}
      className={branch ? rowClass : cx(rowClass, focusClass)}
      style={indent}
    >
      <span className={branch ? cx(nodeClass, focusClass) : nodeClass}>
        <span aria-hidden="true" className={indicatorClass} data-state={open ? 'open' : 'closed'}>
          {branch ? '▸' : null}
        </span>
        <span className={textClass}>
          <CompanyText item={item} term={term} />
        </span>
      </span>
      <StaticActions item={item} currentId={currentId} />
    </div>
  )
}

// Without script every action is in the tab order; the interactive tree keeps only the focused
// row's. A phone shows the menu button the interactive row will have (it opens once hydrated).
// With a screen hint only the form of that screen is rendered (docs/decisions/062-screen-hint.md).
function StaticActions({ item, currentId }: { item: CompanyItem; currentId: number }) {
  const name = item.label
  const wide = hintedMatch(pageScreenHint(), ROW_BUTTONS_QUERY)
  return (
    <span className={actionsClass}>
      {wide !== false ? (
        <span className={wideOnlyClass}>
          {item.id === currentId ? (
            <a href={`/my-company/?cid=${item.id}`} className={actionClass} aria-label={m.companies_tree_edit_named({ company: name })}>
              {m.companies_tree_edit()}
            </a>
          ) : (
            <a href={`/companies/${item.id}`} className={actionClass} aria-label={m.companies_tree_browse_named({ company: name })}>
              {m.companies_tree_browse()}
            </a>
          )}
          <button type="button" className={actionClass} aria-label={m.shop_as_named({ company: name })}>
            {m.shop_as_button()}
          </button>
          <a href={`/overview-contacts?cid=${item.id}`} className={actionClass} aria-label={m.contacts_ui_link_contacts_named({ company: name })}>
            {m.contacts_ui_link_contacts()}
          </a>
          <a href={`/overview-delivery?cid=${item.id}`} className={actionClass} aria-label={m.contacts_ui_link_addresses_named({ company: name })}>
            {m.contacts_ui_link_addresses()}
          </a>
        </span>
      ) : null}
      {wide !== true ? (
        <span className={narrowOnlyClass}>
          <button type="button" aria-haspopup="menu" aria-expanded={false} aria-label={m.row_actions_for({ name })} className={menuButtonClass.compact}>
            <MenuButtonFace compact />
          </button>
        </span>
      ) : null}
    </span>
  )
}
