import { Link } from '@tanstack/react-router'
import { m } from '../../src/paraglide/messages'
import type { RowAction } from './row-actions'

// A record's row (a contact, a delivery address) links to its trail (decision 053): the Activity
// screen filtered to the record's company and target. Offered to those who may read the trail;
// the server decides what they see there.
export function activityRowAction(company: number, target: string, name: string): RowAction {
  return {
    value: 'activity',
    label: m.activity_row_link(),
    named: m.activity_row_link_named({ name }),
    link: (props) => <Link to="/activity" search={{ company, target }} {...props} />,
  }
}
