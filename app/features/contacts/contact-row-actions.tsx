import { Link } from '@tanstack/react-router'
import type { CompanyContact } from '../../../src/contract/contacts'
import { activityTarget } from '../../../src/domain/activity-target'
import { m } from '../../../src/paraglide/messages'
import type { RowAction } from '../../ui/row-actions'
import { activityRowAction } from '../../ui/trail-link'

/**
 * A contact row's actions: edit it; its activity, for a caller who may read the trail (`trail`);
 * and, in the phone's menu, write it an e-mail (the mail app opens; on wider screens the e-mail
 * column is there to copy from).
 */
export function contactRowActions(contact: CompanyContact, trail: boolean): RowAction[] {
  return [
    {
      value: 'edit',
      label: m.contacts_ui_edit(),
      named: m.contacts_ui_edit_named({ name: contact.name }),
      link: (props) => <Link to="/edit-contact/$coid" params={{ coid: contact.id }} {...props} />,
    },
    ...(trail ? [activityRowAction(contact.company[0], activityTarget('user', contact.id), contact.name)] : []),
    { value: 'email', label: m.contacts_ui_write_email(), menuOnly: true, link: (props) => <a href={`mailto:${contact.email}`} {...props} /> },
  ]
}
