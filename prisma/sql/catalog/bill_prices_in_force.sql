-- Variable-amount products have no price (the customer's amount is charged): price is null for them.
CREATE OR REPLACE VIEW "bill_prices_in_force" AS
SELECT a.id AS account_id, b.id AS product_id,
       CASE WHEN b.amount_type = 'FIXED' THEN COALESCE(o.price, l.price, b.price) END AS price,
       CASE WHEN o.product_id IS NOT NULL THEN 'account' WHEN l.product_id IS NOT NULL THEN 'price_list' ELSE 'default' END AS price_source
FROM accounts a
CROSS JOIN bill_products b
LEFT JOIN account_bill_prices o ON o.account_id = a.id AND o.product_id = b.id
LEFT JOIN price_list_bill_prices l ON l.price_list_id = a.price_list_id AND l.product_id = b.id;
