import { countryCodesEndpoint } from '../../../contract/session'
import { implement } from '../../endpoint/implement.server'
import { labelPairs, loadReference } from '../companies/choices.server'

export const countryCodes = implement(countryCodesEndpoint, async ({ db, locale, nowMs }) => {
  const reference = await loadReference(db, nowMs)
  return { country_choices: labelPairs(reference.countries, locale) }
})
