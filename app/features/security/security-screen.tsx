import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, headingClass } from '../../ui/page'
import { SecondFactorSection } from './second-factor-section'
import { SessionsSection } from './sessions-section'
import { SignInsSection } from './sign-ins-section'

// The Security page (decisions 054 and 056): where the user is signed in, the second factor,
// and the recent sign-ins — each section loads and fails on its own.
export function SecurityScreen({ username, site }: { username: string; site: string }) {
  useLocale()
  return (
    <Page>
      <h1 className={headingClass}>{m.security_title()}</h1>
      <p className={css({ color: 'fg.muted' })}>{m.security_intro()}</p>
      <SessionsSection />
      <SecondFactorSection username={username} site={site} />
      <SignInsSection />
    </Page>
  )
}
