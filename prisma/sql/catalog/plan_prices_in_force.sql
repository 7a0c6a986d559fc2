-- The price an account pays, defined once: the account's own price, else its price list's, else the
-- catalog's default. The listings and the purchase functions both read these views, so what an account
-- is shown is what it is charged. PostgreSQL inlines a view, so a look-up by account and plan stays a
-- primary-key look-up on each table.
CREATE OR REPLACE VIEW "plan_prices_in_force" AS
SELECT a.id AS account_id, p.id AS plan_id,
       COALESCE(o.price, l.price, p.price) AS price,
       COALESCE(o.pricing_basis, l.pricing_basis, p.pricing_basis) AS pricing_basis,
       CASE WHEN o.plan_id IS NOT NULL THEN 'account' WHEN l.plan_id IS NOT NULL THEN 'price_list' ELSE 'default' END AS price_source
FROM accounts a
CROSS JOIN data_plans p
LEFT JOIN account_plan_prices o ON o.account_id = a.id AND o.plan_id = p.id
LEFT JOIN price_list_plan_prices l ON l.price_list_id = a.price_list_id AND l.plan_id = p.id;
