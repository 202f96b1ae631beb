-- The staff today board shares its lists while their data is unchanged: the newest updated_at of
-- each table they read is its version, read from these indexes' ends.
CREATE INDEX "deal_updated_at_idx" ON "deal"("updated_at");
CREATE INDEX "ticket_updated_at_idx" ON "ticket"("updated_at");
CREATE INDEX "contact_updated_at_idx" ON "contact"("updated_at");
