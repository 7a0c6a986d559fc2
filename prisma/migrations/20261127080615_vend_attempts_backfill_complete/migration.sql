-- The backfill (20261127080614) has run: its procedure goes (no prisma/sql file keeps it).
SET LOCAL lock_timeout = '1s';

DROP PROCEDURE vend_attempts_backfill(integer);
