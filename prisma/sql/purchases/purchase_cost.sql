-- What a purchase costs us upstream, recorded on the transaction for the margin report. plpgsql, not
-- LANGUAGE sql: a sql function PostgreSQL cannot inline (its body has sub-SELECTs) is planned afresh on
-- every call, and every purchase calls this once; plpgsql keeps its plans for the session.
CREATE OR REPLACE FUNCTION purchase_cost(p_service "Service", p_plan_id text, p_network_id text, p_amount bigint) RETURNS bigint
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN CASE
    WHEN p_service = 'DATA' THEN (SELECT cost_price FROM data_plans WHERE id = p_plan_id)
    WHEN p_service = 'AIRTIME' THEN
      (SELECT p_amount - (p_amount * airtime_commission_bps) / 10000 FROM networks WHERE id = p_network_id)
    ELSE
      (SELECT CASE WHEN amount_type = 'FIXED' THEN cost_price ELSE p_amount - (p_amount * commission_bps) / 10000 END
       FROM bill_products WHERE id = p_plan_id)
  END;
END
$fn$;
