import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'

// A password field's row: the input and its show/hide button. Shared by the form layer's
// PasswordInput and the login's plain form (which stands in for it until the layer is there), so
// the two look alike.
export const passwordRowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'stretch', minW: '0', '& > input': { flex: '1 1 12rem' } })
export const passwordToggleClass = `${button({ variant: 'ghost', size: 'sm' })} ${css({ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: 'center' })}`
