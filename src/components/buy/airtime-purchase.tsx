"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatNaira, parseNairaToKobo } from "~/components/money";
import { phone as phoneSchema } from "~/schemas/purchases";
import { useTRPC } from "~/trpc/react";
import { Checkout } from "./checkout";
import { NetworkPicker } from "./network-picker";
import { primaryButton } from "./styles";
import { TextField } from "./text-field";
import type { Network } from "./types";
import { useOrderReference } from "./use-order-reference";

interface AirtimeOrder {
  clientReference: string;
  network: Network;
  phone: string;
  amount: number;
}

interface FieldErrors {
  network?: string;
  phone?: string;
  amount?: string;
}

function boundsText(network: Network): string {
  return `Between ${formatNaira(network.airtimeMinAmount)} and ${formatNaira(network.airtimeMaxAmount)} on ${network.name}.`;
}

/** Airtime: network → phone → amount in naira within the network's bounds → confirm → result. */
export function AirtimePurchase() {
  const trpc = useTRPC();
  const buyAirtime = useMutation(trpc.purchases.buyAirtime.mutationOptions());
  const { referenceFor, endAttempt } = useOrderReference();
  const [network, setNetwork] = useState<Network | null>(null);
  const [phone, setPhone] = useState("");
  const [amountText, setAmountText] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [order, setOrder] = useState<AirtimeOrder | null>(null);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsedPhone = phoneSchema.safeParse(phone);
    const amount = parseNairaToKobo(amountText);
    let amountError: string | undefined;
    if (amount === null || amount <= 0) amountError = "Enter an amount in naira, such as 500 or 1,500.";
    else if (network && (BigInt(amount) < network.airtimeMinAmount || BigInt(amount) > network.airtimeMaxAmount)) {
      amountError = `The amount must be between ${formatNaira(network.airtimeMinAmount)} and ${formatNaira(network.airtimeMaxAmount)}.`;
    }
    setErrors({
      network: network ? undefined : "Choose a network.",
      phone: parsedPhone.success ? undefined : "Enter a Nigerian mobile number such as 08031234567.",
      amount: amountError,
    });
    if (!network || !parsedPhone.success || amount === null || amountError) return;
    const orderKey = JSON.stringify(["airtime", network.id, parsedPhone.data, amount]);
    setOrder({ clientReference: referenceFor(orderKey), network, phone: parsedPhone.data, amount });
  }

  function startNewOrder() {
    endAttempt();
    setOrder(null);
    setPhone("");
    setAmountText("");
  }

  if (order) {
    return (
      <Checkout
        clientReference={order.clientReference}
        rows={[
          { label: "Network", value: order.network.name },
          { label: "Phone number", value: order.phone },
          { label: "Airtime", value: formatNaira(order.amount) },
        ]}
        charge={BigInt(order.amount)}
        seller="network"
        recipientLabel="Phone number"
        bounds={{ min: order.network.airtimeMinAmount, max: order.network.airtimeMaxAmount }}
        purchase={(clientReference) =>
          buyAirtime.mutateAsync({ clientReference, networkId: order.network.id, phone: order.phone, amount: order.amount })
        }
        onBack={() => setOrder(null)}
        onSettled={endAttempt}
        onNewOrder={startNewOrder}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-5">
      <NetworkPicker
        value={network?.id ?? null}
        onChange={(next) => {
          setNetwork(next);
          setErrors((current) => ({ ...current, network: undefined }));
        }}
        error={errors.network}
      />
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <TextField
          id="airtime-phone"
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="08031234567"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={errors.phone}
        />
        <TextField
          id="airtime-amount"
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="500"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          hint={network ? boundsText(network) : "Choose a network to see its limits."}
          error={errors.amount}
        />
      </div>
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        Continue
      </button>
    </form>
  );
}
