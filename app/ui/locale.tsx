import { useRouter } from '@tanstack/react-router'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { getLocale, setLocale, type Locale } from '../../src/paraglide/runtime'

// The page language as React state, so the en/de switch re-renders the whole page in place:
// typed input, open menus and scroll position stay, and no reload happens. The choice is
// stored in the cookie (it wins over the site's default on the next visit too).
type LocaleState = { locale: Locale; switchTo: (next: Locale) => void }

const LocaleContext = createContext<LocaleState | null>(null)

export function LocaleProvider({ children }: { children: ReactNode }) {
  const router = useRouter()
  const [locale, setCurrent] = useState<Locale>(() => getLocale())
  const switchTo = useCallback(
    (next: Locale) => {
      setLocale(next, { reload: false })
      document.documentElement.lang = next
      setCurrent(next)
      // Loaders and page titles run again in the new language; route state is kept.
      void router.invalidate()
    },
    [router],
  )
  const value = useMemo(() => ({ locale, switchTo }), [locale, switchTo])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

/**
 * The current language. Every screen calls it at its top so that a switch re-renders the
 * screen (route components are memoised by the router and would otherwise keep old texts).
 */
export function useLocale(): Locale {
  return useContext(LocaleContext)?.locale ?? getLocale()
}

export function useSwitchLocale(): (next: Locale) => void {
  const context = useContext(LocaleContext)
  return context?.switchTo ?? ((next: Locale) => setLocale(next))
}
