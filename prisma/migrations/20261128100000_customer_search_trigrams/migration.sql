-- Staff customer search matches any part of a name, e-mail or phone (ILIKE '%text%'): without
-- these trigram indexes every search reads the whole contact table (about 5 ms at 5,000
-- customers, docs/benchmarks.md). pg_trgm ships with PostgreSQL and is a trusted extension:
-- the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "contact_email_trgm_idx" ON "contact" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "contact_first_name_trgm_idx" ON "contact" USING GIN ("first_name" gin_trgm_ops);
CREATE INDEX "contact_last_name_trgm_idx" ON "contact" USING GIN ("last_name" gin_trgm_ops);
CREATE INDEX "contact_phone_trgm_idx" ON "contact" USING GIN ("phone" gin_trgm_ops);
