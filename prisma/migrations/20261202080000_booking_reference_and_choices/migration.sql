-- Every deal gets a short reference people can read out on the phone (ATL-7K3F): shown on the
-- booking confirmation, in the portal and texts, and found by the staff customer search.
-- It is a label, never a key: the confirmation page is still opened by the deal's id.
--
-- Unique by construction: the n-th reference is an affine permutation of n within the 31^4 (then
-- 31^5, ...) codes of an alphabet without 0/O and 1/I/L, so consecutive bookings do not get
-- neighbouring references, and no two ever share one.
CREATE SEQUENCE "deal_reference_seq" AS bigint MINVALUE 1;

-- Plain SQL without inner semicolons: the migration runner splits scripts at every semicolon.
-- Tier by tier: codes 1 to 31^4 have 4 characters, the next 31^5 have 5, and so on.
CREATE FUNCTION deal_reference(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT 'ATL-' || string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ((t.x / (31::bigint ^ (t.width - i))::bigint) % 31)::int + 1, 1), '' ORDER BY i)
  FROM (
    -- 387419 is not a multiple of 31, so the map is a bijection on [0, 31^width).
    SELECT tier.width, ((n - tier.first) * 387419 + 104729) % (31::bigint ^ tier.width)::bigint AS x
    FROM (VALUES (4, 1::bigint), (5, 923522::bigint), (6, 29552673::bigint), (7, 917056354::bigint)) AS tier(width, first)
    WHERE n >= tier.first
    ORDER BY tier.first DESC
    LIMIT 1
  ) AS t, generate_series(1, t.width) AS i
  GROUP BY t.width, t.x
$$;

ALTER TABLE "deal" ADD COLUMN "reference" TEXT;
UPDATE "deal" SET "reference" = deal_reference(nextval('deal_reference_seq'));
ALTER TABLE "deal"
  ALTER COLUMN "reference" SET DEFAULT deal_reference(nextval('deal_reference_seq')),
  ALTER COLUMN "reference" SET NOT NULL;
ALTER SEQUENCE "deal_reference_seq" OWNED BY "deal"."reference";
CREATE UNIQUE INDEX "deal_reference_key" ON "deal"("reference");

-- What a booking chose beyond its products (shared/src/booking-price.ts): how often a recurring
-- clean comes and which visit it is, and the first-booking discount the api granted (percent,
-- null when none). A 2001+ sq ft request is a quote: its amount stays null.
ALTER TABLE "deal"
  ADD COLUMN "frequency" TEXT,
  ADD COLUMN "visit_type" TEXT,
  ADD COLUMN "discount_percent" INTEGER,
  ADD CONSTRAINT "deal_frequency_check" CHECK ("frequency" IN ('weekly', 'bi-weekly', 'monthly')),
  ADD CONSTRAINT "deal_visit_type_check" CHECK ("visit_type" IN ('basic', 'deep')),
  ADD CONSTRAINT "deal_discount_percent_check" CHECK ("discount_percent" BETWEEN 1 AND 100);
