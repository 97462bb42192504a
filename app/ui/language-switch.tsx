import { locales } from '../../src/paraglide/runtime'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { useLocale, useSwitchLocale } from './locale'

// en/de switch in the navbar (light on the dark bar); the choice is stored in a cookie and wins over the site's default.
export function LanguageSwitch() {
  const current = useLocale()
  const switchTo = useSwitchLocale()
  return (
    <div role="group" aria-label={m.language_label()} className={css({ display: 'flex', gap: '1' })}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          aria-label={locale === 'de' ? 'Deutsch' : 'English'}
          onClick={() => {
            if (locale !== current) switchTo(locale)
          }}
          className={css({
            minW: '9',
            minH: '9',
            px: '2',
            py: '1',
            borderRadius: 'control',
            border: '1px solid',
            borderColor: 'rgba(255,255,255,0.6)',
            cursor: 'pointer',
            textTransform: 'uppercase',
            fontSize: 'sm',
            bg: 'transparent',
            color: 'white',
            _hover: { bg: 'rgba(255,255,255,0.15)' },
            _pressed: { bg: 'white', color: 'accent', fontWeight: 'bold', borderColor: 'white' },
          })}
        >
          {locale}
        </button>
      ))}
    </div>
  )
}
