-- pg_trgm must exist before the trigram (gin_trgm_ops) indexes of the schema migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
