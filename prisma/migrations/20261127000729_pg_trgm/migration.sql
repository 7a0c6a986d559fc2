-- pg_trgm (PostgreSQL's contrib, trusted: a database owner may create it) for the search of any part of
-- a recipient or a customer's name, which no B-tree can answer (LIKE '%4567%'): the next migration's
-- index. It ships with PostgreSQL 13 and later, the embedded one included (docs/deploying.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
