import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import type { RowAction } from '../../ui/row-actions'
import type { CompanyItem } from './tree-model'

// A companies tree row's actions: edit the company the tree starts at (on
// my-company), browse any other, shop as it, and its contacts and delivery addresses. The
// server's row before hydration draws the same ones with plain links (tree-row-static.tsx).
export function companyRowActions(item: CompanyItem, currentId: number, onShopAs: (item: CompanyItem) => void): RowAction[] {
  const company = item.label
  return [
    item.id === currentId
      ? {
          value: 'edit',
          label: m.companies_tree_edit(),
          named: m.companies_tree_edit_named({ company }),
          link: (props) => <a href={`/my-company/?cid=${item.id}`} {...props} />,
        }
      : {
          value: 'browse',
          label: m.companies_tree_browse(),
          named: m.companies_tree_browse_named({ company }),
          link: (props) => <Link to="/companies/$cid" params={{ cid: item.id }} search={{ search: '' }} {...props} />,
        },
    { value: 'shop', label: m.shop_as_button(), named: m.shop_as_named({ company }), run: () => onShopAs(item) },
    {
      value: 'contacts',
      label: m.contacts_ui_link_contacts(),
      named: m.contacts_ui_link_contacts_named({ company }),
      link: (props) => <Link to="/overview-contacts" search={{ cid: item.id }} {...props} />,
    },
    {
      value: 'addresses',
      label: m.contacts_ui_link_addresses(),
      named: m.contacts_ui_link_addresses_named({ company }),
      link: (props) => <Link to="/{-$location}/overview-delivery" params={{ location: undefined }} search={{ cid: item.id }} {...props} />,
    },
  ]
}
