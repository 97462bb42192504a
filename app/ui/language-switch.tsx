import { getLocale, locales, setLocale } from '../../src/paraglide/runtime'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'

// en/de switch; the choice is stored in a cookie and wins over the site's default.
export function LanguageSwitch() {
  const current = getLocale()
  return (
    <nav aria-label={m.language_label()} className={css({ display: 'flex', gap: '1' })}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => setLocale(locale)}
          className={css({
            px: '2', py: '1', borderRadius: 'control', border: '1px solid', borderColor: 'border', cursor: 'pointer',
            textTransform: 'uppercase', fontSize: 'sm', _pressed: { bg: 'accent', color: 'white' },
          })}
        >
          {locale}
        </button>
      ))}
    </nav>
  )
}
