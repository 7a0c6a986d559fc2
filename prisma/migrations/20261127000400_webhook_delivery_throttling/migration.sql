-- A 429 or 503 with Retry-After no longer burns the retry schedule (issue 31): such an attempt is a
-- throttle, waited for and not counted, for as long as the schedule lasts from the first attempt
-- (deliver-webhooks.ts, nextStep). Both columns are added without rewriting the table: a constant
-- default and a null are read for the existing rows. An existing delivery has no first attempt time:
-- its next throttle counts the horizon from then.

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "first_attempt_at" TIMESTAMPTZ(3),
ADD COLUMN     "throttled_attempts" INTEGER NOT NULL DEFAULT 0;
