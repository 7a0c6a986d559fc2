-- What the purchase functions return: the transaction's columns the service reads, and whether this
-- call created it (a replay or a reference claimed by another request is not created).
CREATE OR REPLACE FUNCTION purchase_row_of(t transactions, created boolean) RETURNS purchase_row
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ROW(created, t.id, t.account_id, t.client_reference, t.service, t.status, t.order_fingerprint,
             t.plan_id, t.network_id, t.product_name, t.recipient, t.customer_name, t.amount, t.token,
             t.provider_reference, t.failure_reason, t.channel, t.api_key_id, t.user_id, t.source_ip,
             t.created_at, t.completed_at, t.upstream_request_id, t.livemode, t.pins, t.units, t.bonus_token)::purchase_row
$fn$;
