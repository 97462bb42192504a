import { z } from 'zod'

// Helpers of the settings schema (env.server.ts): how a setting reads and how the README names it.
// An empty value (`DATABASE_URL=`) counts as unset.
export const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/**
 * What the README's table of settings says about one (scripts/env-table.ts writes the table from
 * these, so it cannot drift): `meaning`, and for a setting without a default what unset means;
 * `note` follows the default (its range, who sets it otherwise).
 */
export type SettingDoc = { meaning: string; unset?: string; note?: string }
export const doc = (meaning: string, more: Omit<SettingDoc, 'meaning'> = {}): SettingDoc => ({ meaning, ...more })
