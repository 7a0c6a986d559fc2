import { db } from "~/server/db";

export interface PricedPlan {
  id: string;
  network_id: string;
  name: string;
  price: bigint;
}

/** An active data plan at the account's own price (its override, else the plan's default). */
export async function findPlanForAccount(accountId: string, planId: string): Promise<PricedPlan | null> {
  const rows = await db.$queryRaw<PricedPlan[]>`
    SELECT p.id, p.network_id, p.name, COALESCE(o.price, p.price) AS price
    FROM data_plans p
    LEFT JOIN account_plan_prices o ON o.plan_id = p.id AND o.account_id = ${accountId}::uuid
    WHERE p.id = ${planId} AND p.active`;
  return rows[0] ?? null;
}
