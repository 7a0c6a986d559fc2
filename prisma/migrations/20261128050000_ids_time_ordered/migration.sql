-- Issue 38, volume: a purchase's new transaction and vend attempt take time-ordered ids (UUID version 7)
-- instead of random ones, so their primary keys and the indexes keyed by them (transactions (id,
-- livemode), vend_attempts (transaction_id, attempt_number), ledger_entries (transaction_id, kind)) are
-- written on their newest pages. Existing rows keep their ids; only the defaults change, which takes a
-- moment's lock of each table and rewrites nothing (docs/decisions/030-time-ordered-ids.md).

-- prisma/sql/ids/uuid_v7.sql
-- A time-ordered UUID (RFC 9562 version 7): the Unix time in milliseconds in the first 48 bits, then a
-- random UUID's bits with the version set to 7. The default id of the tables a purchase inserts into
-- (transactions, vend_attempts): a random id puts every new row's index entries on a random page of a
-- ten-million-row index, ids in time order on the newest pages, as the volume benchmark measured
-- (docs/decisions/030-time-ordered-ids.md). PostgreSQL 18's uuidv7() is the same, built in.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $fn$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$fn$;

ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT uuid_v7();
ALTER TABLE "vend_attempts" ALTER COLUMN "id" SET DEFAULT uuid_v7();
