"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { phone as phoneSchema } from "~/schemas/purchases";
import { useTRPC } from "~/trpc/react";
import { Checkout } from "./checkout";
import { NetworkPicker } from "./network-picker";
import { PlanList, validityText } from "./plan-list";
import { primaryButton } from "./styles";
import { TextField } from "./text-field";
import type { Network, Plan } from "./types";
import { useOrderReference } from "./use-order-reference";

interface DataOrder {
  clientReference: string;
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
  const { referenceFor, endAttempt } = useOrderReference();
  const [network, setNetwork] = useState<Network | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [order, setOrder] = useState<DataOrder | null>(null);

  function chooseNetwork(next: Network) {
    if (next.id !== network?.id) setPlan(null);
    setNetwork(next);
    setErrors((current) => ({ ...current, network: undefined, plan: undefined }));
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsedPhone = phoneSchema.safeParse(phone);
    const found: FieldErrors = {
      network: network ? undefined : "Choose a network.",
      plan: plan ? undefined : network ? "Choose a plan." : undefined,
      phone: parsedPhone.success ? undefined : "Enter a Nigerian mobile number such as 08031234567.",
    };
    setErrors(found);
    if (!network || !plan || !parsedPhone.success) return;
    const orderKey = JSON.stringify(["data", plan.planId, parsedPhone.data]);
    setOrder({ clientReference: referenceFor(orderKey), network, plan, phone: parsedPhone.data });
  }

  function startNewOrder() {
    endAttempt();
    setOrder(null);
    setPhone("");
  }

  if (order) {
    const validity = validityText(order.plan);
    return (
      <Checkout
        clientReference={order.clientReference}
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
        onBack={() => setOrder(null)}
        onSettled={endAttempt}
        onNewOrder={startNewOrder}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-5">
      <NetworkPicker value={network?.id ?? null} onChange={chooseNetwork} error={errors.network} />
      <PlanList
        networkId={network?.id ?? null}
        value={plan?.planId ?? null}
        onChange={(next) => {
          setPlan(next);
          setErrors((current) => ({ ...current, plan: undefined }));
        }}
        error={errors.plan}
      />
      <div className="max-w-sm">
        <TextField
          id="data-phone"
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="08031234567"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={errors.phone}
        />
      </div>
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        Continue
      </button>
    </form>
  );
}
