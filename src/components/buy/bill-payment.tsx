"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatNaira, readNaira } from "~/components/money";
import { buttonClass } from "~/components/ui/buttons";
import { Field, TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert } from "~/components/ui/notices";
import { customerId as customerIdSchema } from "~/schemas/purchases";
import type { BillServicePath } from "~/schemas/services";
import { useTRPC } from "~/trpc/react";
import { BILL_SERVICE_WORDS } from "./bill-services";
import { ChoiceFieldset, ChoiceRadio } from "./choice-fieldset";
import { Checkout } from "./checkout";
import { CustomerDetails } from "./customer-details";
import { describePurchaseError } from "./describe-error";
import { ContinueButton, PhoneField, readPhone } from "./order-fields";
import { NairaField } from "~/components/naira-field";
import type { BillProduct, CustomerVerification } from "./types";
import { useOrderAttempt } from "./use-order-attempt";

interface BillOrder {
  product: BillProduct;
  verification: CustomerVerification;
  /** Kobo, sent only for variable-amount products. */
  amount: number | undefined;
  /** The customer's phone, when given: where the biller texts, and how it tells WAEC PINs apart. */
  phone: string | undefined;
  /** Cable TV: renew the current subscription rather than pay for the package as a new or changed bouquet. */
  renew: boolean;
  charge: bigint;
}

function productOption(product: BillProduct): string {
  if (product.amountType === "fixed") return `${product.name} — ${formatNaira(product.price)}`;
  return `${product.name} — ${formatNaira(product.minAmount)} to ${formatNaira(product.maxAmount)}`;
}

/**
 * A bill (cable TV, electricity, education, broadband): product → customer number → Verify, which
 * shows who the biller says the customer is → amount for variable products → confirm → result with
 * the token or PIN. Changing the product or the number undoes the verification.
 */
export function BillPayment({ service }: { service: BillServicePath }) {
  const words = BILL_SERVICE_WORDS[service];
  const trpc = useTRPC();
  const products = useQuery(trpc.purchases.billProducts.queryOptions({ service }));
  const verify = useMutation(trpc.purchases.verifyCustomer.mutationOptions());
  const payBill = useMutation(trpc.purchases.payBill.mutationOptions());
  const { order, review: confirmStep, startOver, checkoutSteps } = useOrderAttempt<BillOrder>();

  const [planId, setPlanId] = useState("");
  const [customerId, setCustomerId] = useState("");
  const [amountText, setAmountText] = useState("");
  const [phoneText, setPhoneText] = useState("");
  const [subscription, setSubscription] = useState<"change" | "renew">("change");
  const [errors, setErrors] = useState<{ product?: string; customerId?: string; amount?: string; phone?: string }>({});

  const product = products.data?.find((candidate) => candidate.planId === planId) ?? null;
  // A verification counts only for the product and number it was made for.
  const verification =
    verify.data && verify.variables?.planId === planId && verify.variables.customerId === customerId.trim() ? verify.data : null;
  const verifyError =
    verify.error && verify.variables?.planId === planId && verify.variables.customerId === customerId.trim() ? verify.error : null;
  // Renewing is offered only with the package that renews the customer's current subscription.
  const renewal = verification?.renewal ?? null;
  const renewable = renewal !== null && renewal.planId === planId;
  const renew = renewable && subscription === "renew";
  const renewalPackage = renewal && !renewable ? products.data?.find((candidate) => candidate.planId === renewal.planId) : undefined;

  function runVerify() {
    const parsedId = customerIdSchema.safeParse(customerId);
    setErrors({
      product: product ? undefined : `Choose a ${words.productLabel.toLowerCase()}.`,
      customerId: parsedId.success ? undefined : `Enter the ${words.customerIdLabel.toLowerCase()}: 4 to 30 letters or digits.`,
    });
    if (!product || !parsedId.success || verify.isPending) return;
    verify.mutate({ service, planId: product.planId, customerId: parsedId.data });
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!product || !verification) {
      runVerify();
      return;
    }
    let amount: number | undefined;
    let charge: bigint;
    if (product.amountType === "variable") {
      const read = readNaira(amountText, { min: product.minAmount ?? 1n, max: product.maxAmount ?? undefined, example: "5,000" });
      if (read.value === undefined) {
        setErrors({ amount: read.problem });
        return;
      }
      amount = read.value;
      charge = BigInt(read.value);
    } else {
      charge = product.price ?? 0n;
    }
    const phone = phoneText.trim() === "" ? undefined : readPhone(phoneText);
    if (phone?.problem) {
      setErrors({ phone: phone.problem });
      return;
    }
    setErrors({});
    // The phone does not define the order (a retry with another phone is the same purchase), so it is not in the key.
    const orderKey = JSON.stringify([service, product.planId, verification.customerId, amount ?? null, renew]);
    confirmStep(orderKey, { product, verification, amount, phone: phone?.value, renew, charge });
  }

  if (order) {
    return (
      <Checkout
        {...checkoutSteps}
        rows={[
          { label: "Service", value: words.title },
          { label: words.productLabel, value: order.product.name },
          { label: words.customerIdLabel, value: order.verification.customerId },
          { label: "Customer name", value: order.verification.customerName },
          ...(order.amount === undefined ? [] : [{ label: "Amount", value: formatNaira(order.amount) }]),
          ...(order.phone === undefined ? [] : [{ label: "Customer's phone", value: order.phone }]),
          ...(order.verification.renewal
            ? [{ label: "Subscription", value: order.renew ? "Renewal of the current subscription" : "New or changed bouquet" }]
            : []),
        ]}
        charge={order.charge}
        seller="biller"
        recipientLabel={words.customerIdLabel}
        tokenLabel={words.tokenLabel}
        bounds={
          order.product.minAmount !== null && order.product.maxAmount !== null
            ? { min: order.product.minAmount, max: order.product.maxAmount }
            : undefined
        }
        purchase={(clientReference) =>
          payBill.mutateAsync({
            service,
            clientReference,
            planId: order.product.planId,
            customerId: order.verification.customerId,
            ...(order.amount === undefined ? {} : { amount: order.amount }),
            ...(order.phone === undefined ? {} : { phone: order.phone }),
            ...(order.renew ? { subscriptionType: "renew" as const } : {}),
          })
        }
        onNewOrder={(keepOrder) => {
          startOver();
          if (keepOrder) return;
          setCustomerId("");
          setAmountText("");
          setPhoneText("");
          setSubscription("change");
          verify.reset();
        }}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate className="max-w-xl space-y-5">
      <Field id="bill-product" label={words.productLabel} error={errors.product}>
        {(control) => (
          <>
            {products.isPending && <Loading className="mt-1">Loading products…</Loading>}
            {products.isError && <QueryLoadError query={products} what="the products" className="mt-1" />}
            {products.data && products.data.length === 0 && <Empty className="mt-1">Nothing is on sale here right now.</Empty>}
            {products.data && products.data.length > 0 && (
              <select
                {...control}
                value={planId}
                onChange={(event) => {
                  setPlanId(event.target.value);
                  setErrors({});
                }}
              >
                <option value="">Choose…</option>
                {products.data.map((candidate) => (
                  <option key={candidate.planId} value={candidate.planId}>
                    {productOption(candidate)}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
      </Field>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            id="bill-customer-id"
            label={words.customerIdLabel}
            autoComplete="off"
            spellCheck={false}
            value={customerId}
            onChange={(event) => {
              setCustomerId(event.target.value);
              setErrors((current) => ({ ...current, customerId: undefined }));
            }}
            hint={words.customerIdHint}
            error={errors.customerId}
          />
        </div>
        <button type="button" onClick={runVerify} disabled={verify.isPending} className={`${buttonClass("secondary")} sm:mt-6`}>
          {verify.isPending ? "Verifying…" : "Verify"}
        </button>
      </div>

      {verifyError && <ErrorAlert>{describePurchaseError(verifyError)}</ErrorAlert>}

      {verification && product && (
        <>
          <CustomerDetails verification={verification} />
          {product.amountType === "variable" && (
            <div className="max-w-xs">
              <NairaField
                id="bill-amount"
                placeholder="5,000"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                hint={`Between ${formatNaira(product.minAmount)} and ${formatNaira(product.maxAmount)}.`}
                error={errors.amount}
              />
            </div>
          )}
          {renewable && (
            <ChoiceFieldset name="subscription" legend="What to pay for">
              <div className="mt-2 space-y-2">
                {(
                  [
                    ["renew", `Renew the current subscription (${renewal.currentBouquet ?? product.name})`],
                    ["change", `${product.name} as a new or changed bouquet`],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
                    <ChoiceRadio name="subscription" value={value} chosen={subscription} onChoose={() => setSubscription(value)} />
                    {label}
                  </label>
                ))}
              </div>
            </ChoiceFieldset>
          )}
          {renewalPackage && (
            <p className="text-sm text-slate-600">
              To renew this customer&apos;s current subscription ({renewal?.currentBouquet ?? renewalPackage.name}), choose{" "}
              {renewalPackage.name} as the {words.productLabel.toLowerCase()}.
            </p>
          )}
          {product.amountType === "fixed" && (
            <p className="text-sm text-slate-600">
              Price: <span className="font-semibold text-slate-900">{formatNaira(product.price)}</span>
            </p>
          )}
          <div className="max-w-xs">
            <PhoneField
              id="bill-phone"
              label="Customer's phone (optional)"
              hint={words.phoneHint}
              value={phoneText}
              onChange={(value) => {
                setPhoneText(value);
                setErrors((current) => ({ ...current, phone: undefined }));
              }}
              error={errors.phone}
            />
          </div>
          <ContinueButton />
        </>
      )}
    </form>
  );
}
