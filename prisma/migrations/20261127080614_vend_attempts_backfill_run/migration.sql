-- Gives every purchase made before vend attempts were recorded its attempt (20261127080613), a batch of
-- the primary key per transaction. COMMIT inside a procedure works only when CALL is not inside a
-- transaction block, so this file holds this one statement.
CALL vend_attempts_backfill();
