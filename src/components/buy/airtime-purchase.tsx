"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatNaira, readNaira } from "~/components/money";
import { useTRPC } from "~/trpc/react";
import { Checkout } from "./checkout";
import { NETWORK_PROBLEM, NetworkPicker } from "./network-picker";
import { ContinueButton, PhoneField, readPhone } from "./order-fields";
import { NairaField } from "~/components/naira-field";
import type { BuyAgainOrder } from "./buy-again";
import { RecipientPicker } from "./recipients";
import type { Network } from "./types";
import { useOrderAttempt } from "./use-order-attempt";

interface AirtimeOrder {
  network: Network;
  phone: string;
  amount: number;
}

interface FieldErrors {
  network?: string;
  phone?: string;
  amount?: string;
}

function boundsOf(network: Network) {
  return { min: network.airtimeMinAmount, max: network.airtimeMaxAmount };
}

/** Airtime: network → phone → amount in naira within the network's bounds → confirm → result. */
export function AirtimePurchase({ again }: { again: BuyAgainOrder | null }) {
  const trpc = useTRPC();
  const buyAirtime = useMutation(trpc.purchases.buyAirtime.mutationOptions());
  const networks = useQuery(trpc.purchases.networks.queryOptions());
  const { order, review: confirmStep, startOver, checkoutSteps } = useOrderAttempt<AirtimeOrder>();
  const [chosenNetwork, setNetwork] = useState<Network | null>(null);
  // Buying again: the earlier purchase's network until another is chosen (once the list has loaded).
  const network = chosenNetwork ?? networks.data?.find((each) => each.id === again?.networkId) ?? null;
  const [phone, setPhone] = useState(again?.phone ?? "");
  const [amountText, setAmountText] = useState(again?.amount ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  function chooseNetwork(next: Network) {
    setNetwork(next);
    setErrors((current) => ({ ...current, network: undefined }));
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipient = readPhone(phone);
    const amount = readNaira(amountText, { ...(network ? boundsOf(network) : {}), example: "500 or 1,500" });
    setErrors({ network: network ? undefined : NETWORK_PROBLEM, phone: recipient.problem, amount: amount.problem });
    if (!network || recipient.value === undefined || amount.value === undefined) return;
    const orderKey = JSON.stringify(["airtime", network.id, recipient.value, amount.value]);
    confirmStep(orderKey, { network, phone: recipient.value, amount: amount.value });
  }

  if (order) {
    return (
      <Checkout
        {...checkoutSteps}
        rows={[
          { label: "Network", value: order.network.name },
          { label: "Phone number", value: order.phone },
          { label: "Airtime", value: formatNaira(order.amount) },
        ]}
        charge={BigInt(order.amount)}
        seller="network"
        recipientLabel="Phone number"
        bounds={boundsOf(order.network)}
        purchase={(clientReference) =>
          buyAirtime.mutateAsync({ clientReference, networkId: order.network.id, phone: order.phone, amount: order.amount })
        }
        onNewOrder={(keepOrder) => {
          startOver();
          if (keepOrder) return;
          setPhone("");
          setAmountText("");
        }}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-5">
      <NetworkPicker value={network?.id ?? null} onChange={chooseNetwork} error={errors.network} />
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <PhoneField id="airtime-phone" value={phone} onChange={setPhone} error={errors.phone} />
        <RecipientPicker id="airtime-recipients" onPick={setPhone} />
        <NairaField
          id="airtime-amount"
          placeholder="500"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          hint={
            network
              ? `Between ${formatNaira(network.airtimeMinAmount)} and ${formatNaira(network.airtimeMaxAmount)} on ${network.name}.`
              : "Choose a network to see its limits."
          }
          error={errors.amount}
        />
      </div>
      <ContinueButton />
    </form>
  );
}
