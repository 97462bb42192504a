import { secondFactorDisableEndpoint, secondFactorEnableEndpoint } from '../../../src/contract/second-factor'

// The code forms' rules, the contract's own bodies: loaded apart from the page (useZodForm).
export const enableCheck = secondFactorEnableEndpoint.body
export const disableCheck = secondFactorDisableEndpoint.body
