import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Page, buttonClass, cardClass, headingClass } from '../../ui/page'
import { useLocale } from '../../ui/locale'

type HandOff =
  | { kind: 'refused'; messages: string[] }
  | { kind: 'ok'; company: { id: number; name: string; customerNumber: string }; line: [number, string] | null; username: string | null }

const terms = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  rowGap: '1',
  columnGap: '4',
  '& dt': { fontWeight: 'semibold' },
})

export function ShopStandIn({ handOff }: { handOff: HandOff }) {
  useLocale()
  return (
    <Page>
      <h1 className={headingClass}>{m.shop_standin_title()}</h1>
      {handOff.kind === 'refused' ? (
        <div role="alert" className={css({ color: 'danger.700' })}>
          <ul>
            {handOff.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <section className={cardClass}>
          <p className={css({ mb: '4' })}>{m.shop_standin_text()}</p>
          <dl className={terms}>
            <dt>{m.shop_standin_company()}</dt>
            <dd>{`${handOff.company.name} (${handOff.company.id}${handOff.company.customerNumber ? `, ${handOff.company.customerNumber}` : ''})`}</dd>
            <dt>{m.shop_standin_line()}</dt>
            <dd>{handOff.line ? handOff.line[1] : m.shop_standin_no_line()}</dd>
            <dt>{m.shop_standin_user()}</dt>
            <dd>{handOff.username ?? '—'}</dd>
          </dl>
        </section>
      )}
      <p>
        <Link to="/admin" className={buttonClass}>
          {m.shop_standin_back()}
        </Link>
      </p>
    </Page>
  )
}
