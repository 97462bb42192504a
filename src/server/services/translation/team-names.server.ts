import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

// How the team's screens name a user (docs/decisions/049), as the glossary and the save's
// conflicts do: "name (e-mail)", or the e-mail where the user has no name.

type UserColumns = Record<'email' | 'firstName' | 'lastName', AnyPgColumn>

/** First and last name, or the e-mail where there is none. */
export function nameOf(user: UserColumns): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${user.firstName} || ' ' || ${user.lastName}), ''), ${user.email})`
}

/** "name (e-mail)", or the e-mail where there is no name. */
export function displayNameOf(user: UserColumns): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${user.firstName} || ' ' || ${user.lastName}), '') || ' (' || ${user.email} || ')', ${user.email})`
}
