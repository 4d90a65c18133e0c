-- pg_trgm, for the name searches' trigram GIN indexes (the next migration). A trusted extension
-- (PostgreSQL 13+): the database owner may create it without being a superuser. PGlite loads it
-- from its package (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
