import { readFileSync } from 'node:fs'
import { z } from 'zod'

// Whether an answer's message is in the caller's language: every message the server sends is
// one of messages/<locale>.json with its placeholders filled in, so it matches that catalogue's
// template (literal text as is, each {placeholder} as any text).
const catalogue = z.record(z.string(), z.unknown())

function templates(locale: 'de' | 'en'): RegExp[] {
  const messages = catalogue.parse(JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')))
  return Object.entries(messages)
    .filter((entry): entry is [string, string] => entry[0] !== '$schema' && typeof entry[1] === 'string')
    .map(([, text]) => text)
    .filter((text) => text.replace(/\{[^}]*\}/g, '').trim().length >= 3)
    .map(
      (text) =>
        new RegExp(
          `^${text
            .split(/\{[^}]*\}/)
            .map(escape)
            .join('[\\s\\S]*')}$`,
        ),
    )
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const byLocale = { de: templates('de'), en: templates('en') }

export function isInLanguage(message: string, locale: 'de' | 'en'): boolean {
  return byLocale[locale].some((template) => template.test(message))
}
