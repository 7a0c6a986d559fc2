"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { Checkout } from "./checkout";
import { NETWORK_PROBLEM, NetworkPicker } from "./network-picker";
import { ContinueButton, PhoneField, readPhone } from "./order-fields";
import { PlanList, validityText } from "./plan-list";
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
export function DataPurchase() {
  const trpc = useTRPC();
  const buyData = useMutation(trpc.purchases.buyData.mutationOptions());
  const { order, review: confirmStep, startOver, checkoutSteps } = useOrderAttempt<DataOrder>();
  const [network, setNetwork] = useState<Network | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [phone, setPhone] = useState("");
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
        onNewOrder={() => {
          startOver();
          setPhone("");
        }}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-5">
      <NetworkPicker value={network?.id ?? null} onChange={chooseNetwork} error={errors.network} />
      <PlanList networkId={network?.id ?? null} value={plan?.planId ?? null} onChange={choosePlan} error={errors.plan} />
      <div className="max-w-sm">
        <PhoneField id="data-phone" value={phone} onChange={setPhone} error={errors.phone} />
      </div>
      <ContinueButton />
    </form>
  );
}
