"use client";
import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { Checkout } from "./checkout";
import { NETWORK_PROBLEM, NetworkPicker } from "./network-picker";
import { ContinueButton, PhoneField, readPhone } from "./order-fields";
import { PlanList, validityText } from "./plan-list";
import { RecipientPicker } from "./recipients";
import type { BuyAgainOrder } from "./buy-again";
import type { Network, Plan } from "./types";
import { useOrderAttempt } from "./use-order-attempt";

interface DataOrder {
  network: Network;
  plan: Plan;
  phone: string;
}

interface FieldErrors {
  network?: string;
  plan?: string;
  phone?: string;
}

/** Data: network → plan → phone → confirm with the exact charge → result. */
export function DataPurchase({ again }: { again: BuyAgainOrder | null }) {
  const trpc = useTRPC();
  const buyData = useMutation(trpc.purchases.buyData.mutationOptions());
  const { order, review: confirmStep, startOver, checkoutSteps } = useOrderAttempt<DataOrder>();
  const networks = useQuery(trpc.purchases.networks.queryOptions());
  const [chosenNetwork, setNetwork] = useState<Network | null>(null);
  const [chosenPlan, setPlan] = useState<Plan | null>(null);
  // Buying again: the earlier purchase's network and plan until others are chosen (once their lists
  // have loaded; the plans are the query PlanList shows, so nothing is fetched twice).
  const network = chosenNetwork ?? networks.data?.find((each) => each.id === again?.networkId) ?? null;
  const plans = useQuery(trpc.purchases.plans.queryOptions(network ? { networkId: network.id } : skipToken));
  const plan = chosenPlan ?? (network?.id === again?.networkId ? plans.data?.find((each) => each.planId === again?.planId) : null) ?? null;
  const [phone, setPhone] = useState(again?.phone ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  function chooseNetwork(next: Network) {
    if (next.id !== network?.id) setPlan(null);
    setNetwork(next);
    setErrors((current) => ({ ...current, network: undefined, plan: undefined }));
  }

  function choosePlan(next: Plan) {
    setPlan(next);
    setErrors((current) => ({ ...current, plan: undefined }));
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipient = readPhone(phone);
    setErrors({
      network: network ? undefined : NETWORK_PROBLEM,
      plan: plan ? undefined : network ? "Choose a plan." : undefined,
      phone: recipient.problem,
    });
    if (!network || !plan || recipient.value === undefined) return;
    const orderKey = JSON.stringify(["data", plan.planId, recipient.value]);
    confirmStep(orderKey, { network, plan, phone: recipient.value });
  }

  if (order) {
    const validity = validityText(order.plan);
    return (
      <Checkout
        {...checkoutSteps}
        rows={[
          { label: "Network", value: order.network.name },
          { label: "Plan", value: order.plan.name },
          ...(validity ? [{ label: "Validity", value: validity }] : []),
          { label: "Phone number", value: order.phone },
        ]}
        charge={order.plan.price}
        seller="network"
        recipientLabel="Phone number"
        purchase={(clientReference) => buyData.mutateAsync({ clientReference, planId: order.plan.planId, phone: order.phone })}
        onNewOrder={(keepOrder) => {
          startOver();
          if (!keepOrder) setPhone("");
        }}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-5">
      <NetworkPicker value={network?.id ?? null} onChange={chooseNetwork} error={errors.network} />
      <PlanList networkId={network?.id ?? null} value={plan?.planId ?? null} onChange={choosePlan} error={errors.plan} />
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <PhoneField id="data-phone" value={phone} onChange={setPhone} error={errors.phone} />
        <RecipientPicker id="data-recipients" onPick={setPhone} />
      </div>
      <ContinueButton />
    </form>
  );
}
