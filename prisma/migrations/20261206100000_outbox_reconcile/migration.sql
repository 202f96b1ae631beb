-- The queue is a cache of the outbox: the worker's reconciler finds events that were
-- dispatched but are not done and whose job vanished from the queue store, and dispatches
-- them again.

-- When the job of the event completed (set by the worker): done, whatever its type says.
ALTER TABLE "outbox_event" ADD COLUMN "completed_at" TIMESTAMPTZ(3);
-- How often the reconciler dispatched the event again.
ALTER TABLE "outbox_event" ADD COLUMN "redispatches" INTEGER NOT NULL DEFAULT 0;
-- The reconciler's scan: dispatched events whose job has not completed, oldest first.
CREATE INDEX "outbox_event_unfinished_idx" ON "outbox_event" ("dispatched_at") WHERE status = 'dispatched' AND completed_at IS NULL;

-- The repeatable schedules the worker keeps in the queue store, as it asserted them last:
-- /readyz compares them with what the queue store holds.
CREATE TABLE "job_schedule" (
    "name" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "every_ms" INTEGER NOT NULL,
    "asserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_schedule_pkey" PRIMARY KEY ("name")
);

-- Monotonic counters for /metrics that must survive restarts and purges.
CREATE TABLE "ops_counter" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "ops_counter_pkey" PRIMARY KEY ("name")
);
