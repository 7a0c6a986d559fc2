"use client";
import { skipToken, useQuery } from "@tanstack/react-query";
import { formatNaira } from "~/components/money";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { useTRPC } from "~/trpc/react";
import { ChoiceFieldset, ChoiceRadio } from "./choice-fieldset";
import type { Plan } from "./types";

interface PlanListProps {
  networkId: string | null;
  value: string | null;
  onChange: (plan: Plan) => void;
  error?: string | null;
}

export function validityText(plan: Pick<Plan, "validityDays">): string | null {
  if (plan.validityDays === null) return null;
  return plan.validityDays === 1 ? "Valid 1 day" : `Valid ${plan.validityDays} days`;
}

/** What a reseller earns selling at the published retail price; only retail plans have one. */
export function marginOf(plan: Pick<Plan, "price" | "retailPrice">): bigint | null {
  return plan.retailPrice === null ? null : plan.retailPrice - plan.price;
}

/** The data plans of one network at the account's prices, as radio cards. */
export function PlanList({ networkId, value, onChange, error }: PlanListProps) {
  const trpc = useTRPC();
  const plans = useQuery(trpc.purchases.plans.queryOptions(networkId ? { networkId } : skipToken));

  return (
    <ChoiceFieldset name="plan" legend="Plan" error={error}>
      {!networkId && <p className="mt-2 text-sm text-slate-500">Choose a network to see its plans.</p>}
      {networkId && plans.isPending && <Loading className="mt-2">Loading plans…</Loading>}
      {plans.isError && <QueryLoadError query={plans} what="the plans" className="mt-2" />}
      {plans.data && plans.data.length === 0 && <Empty className="mt-2">No plans on this network right now.</Empty>}
      {plans.data && plans.data.length > 0 && (
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {plans.data.map((plan) => {
            const validity = validityText(plan);
            const margin = marginOf(plan);
            return (
              <li key={plan.planId}>
                <label className="flex h-full cursor-pointer flex-col gap-1 rounded-md border border-slate-300 bg-white p-3 hover:bg-slate-50 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600">
                  <span className="flex items-start justify-between gap-3">
                    <span className="flex items-start gap-2">
                      <ChoiceRadio name="plan" value={plan.planId} chosen={value} onChoose={() => onChange(plan)} className="mt-0.5" />
                      <span className="text-sm font-semibold text-slate-900">{plan.name}</span>
                    </span>
                    <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{formatNaira(plan.price)}</span>
                  </span>
                  <span className="flex flex-wrap gap-x-3 gap-y-0.5 pl-6 text-xs text-slate-600">
                    {validity && <span>{validity}</span>}
                    {margin !== null && (
                      <>
                        <span>Retail {formatNaira(plan.retailPrice)}</span>
                        <span className="font-medium text-emerald-800">Margin {formatNaira(margin)}</span>
                      </>
                    )}
                    {margin === null && <span>Special price</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </ChoiceFieldset>
  );
}
