import { css } from '../../../styled-system/css'
import { Page, cardClass, headingClass } from '../../ui/page'

// Shown to Internet Explorer, which cannot run the portal. Both languages at once: we cannot
// know which the reader prefers, and this page must work without JavaScript.
export function UseOtherBrowser() {
  return (
    <Page>
      <section className={cardClass} lang="de">
        <h1 className={headingClass}>Bitte verwenden Sie einen anderen Browser</h1>
        <p>
          Das Partnerportal unterstützt den Internet Explorer nicht mehr. Bitte öffnen Sie es mit einem aktuellen Browser wie Microsoft Edge, Mozilla Firefox,
          Google Chrome oder Safari.
        </p>
      </section>
      <section className={cardClass} lang="en">
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>Please use another browser</h2>
        <p>
          The partner portal no longer supports Internet Explorer. Please open it in a current browser such as Microsoft Edge, Mozilla Firefox, Google Chrome or
          Safari.
        </p>
      </section>
    </Page>
  )
}
