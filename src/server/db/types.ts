import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema/index'

/** A Drizzle database (PGlite or node-postgres) or a transaction on one, with the portal schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
