"use client";
/**
 * Setting one price of an account or a price list: for a data plan, a price and its basis; for a
 * fixed-price bill product, a price. "Remove" takes it away, so the next source in the order of
 * precedence (account, then list, then default) applies again. In naira, as the rest of the console.
 */
import { useState, type FormEvent } from "react";
import { formatNaira, nairaInputValue, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/buttons";
import { DialogFooter, Modal } from "~/components/ui/dialogs";
import { Field } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { ItemActions } from "~/components/ui/responsive-list";
import { formAlert, readProblem, type Problem } from "./problem";

export interface PricedItem {
  kind: "plan" | "bill_product";
  id: string;
  name: string;
  defaultPrice: bigint;
}

/**
 * The item of an account's or a price list's table whose price is being set, what the last save said,
 * and why the open dialog's save was refused. Editing clears the last notice; a save refreshes the
 * console's reads, says what changed (`said(name, price)`, price null when it was removed) and closes
 * the dialog; a refusal stays in the dialog.
 */
export function usePriceEditing<Row extends PricedItem>(refresh: () => Promise<unknown>) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    editing,
    done,
    setDone,
    edit: (row: Row) => {
      setProblem(null);
      setDone(null);
      setEditing(row);
    },
    /** The price mutation's callbacks. */
    saving: (said: (name: string | undefined, price: bigint | null) => string) => ({
      onSuccess: async (_written: unknown, change: { price: unknown }) => {
        await refresh();
        setDone(said(editing?.name, change.price === null ? null : BigInt(String(change.price))));
        setEditing(null);
      },
      onError: (error: unknown) => setProblem(readProblem(error)),
    }),
    /** The open PriceDialog's pending state, problem, save (clearing the last problem first) and cancel. */
    dialog: (pending: boolean, send: (change: PriceChange) => void) => ({
      pending,
      problem,
      onSave: (change: PriceChange) => {
        setProblem(null);
        send(change);
      },
      onCancel: () => setEditing(null),
    }),
  };
}

/** What the price procedures take: the item, and a price in kobo (null removes it). */
export interface PriceChange {
  planId?: string;
  productId?: string;
  price: string | null;
  pricingBasis?: "RETAIL" | "SPECIAL";
}

export function PriceDialog({
  title,
  item,
  current,
  currentBasis,
  removeLabel,
  pending,
  problem,
  onSave,
  onCancel,
}: {
  title: string;
  item: PricedItem;
  /** The price this account or list has now, null when it has none of its own. */
  current: bigint | null;
  currentBasis: string | null;
  removeLabel: string;
  pending: boolean;
  problem: Problem | null;
  onSave: (change: PriceChange) => void;
  onCancel: () => void;
}) {
  const [priceError, setPriceError] = useState<string | null>(null);
  const target = item.kind === "plan" ? { planId: item.id } : { productId: item.id };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { value: kobo, problem: priceProblem } = readNaira(String(form.get("price") ?? ""), { example: "1500 or 1,500.50" });
    if (kobo === undefined) {
      setPriceError(priceProblem);
      return;
    }
    setPriceError(null);
    const basis = form.get("pricingBasis") === "RETAIL" ? "RETAIL" : "SPECIAL";
    onSave({ ...target, price: String(kobo), ...(item.kind === "plan" ? { pricingBasis: basis } : {}) });
  }

  const alert = priceError ? null : formAlert(problem, ["price", "pricingBasis"]);
  return (
    <Modal title={title} onDismiss={pending ? null : onCancel}>
      <form onSubmit={submit} noValidate aria-label="Set price" className="space-y-4">
        <p className="text-sm text-slate-600">
          Default price {formatNaira(item.defaultPrice)}.{" "}
          {current === null ? "No price of its own yet." : `Its own price now: ${formatNaira(current)}.`}
        </p>
        {alert && <ErrorAlert>{alert}</ErrorAlert>}
        <NairaField
          id="price-dialog-price"
          label="Price (₦)"
          error={priceError ?? problem?.fieldErrors.price}
          name="price"
          defaultValue={nairaInputValue(current)}
          autoFocus
        />
        {item.kind === "plan" && (
          <Field id="price-dialog-basis" label="Pricing basis" error={problem?.fieldErrors.pricingBasis}>
            {(control) => (
              <select {...control} name="pricingBasis" defaultValue={currentBasis ?? "SPECIAL"}>
                <option value="SPECIAL">Special</option>
                <option value="RETAIL">Retail (the plan&apos;s published retail price is shown too)</option>
              </select>
            )}
          </Field>
        )}
        <DialogFooter pending={pending} onCancel={onCancel} actionLabel="Save price" pendingLabel="Saving…">
          {current !== null && (
            <button
              type="button"
              onClick={() => onSave({ ...target, price: null })}
              disabled={pending}
              className={buttonClass("dangerOutline")}
            >
              {removeLabel}
            </button>
          )}
        </DialogFooter>
      </form>
    </Modal>
  );
}

/** A priced item's first cell in the account's and a price list's tables: its name, group and id. */
export function PricedItemName({ name, active, group, id }: { name: string; active: boolean; group: string; id: string }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">
        {name} {!active && <Badge tone="neutral">Off sale</Badge>}
      </p>
      <p className="text-xs text-slate-500">
        {group} · <span className="font-mono break-all">{id}</span>
      </p>
    </div>
  );
}

/** `label` names the item and begins with the button's own words, "Set price", as a spoken name must. */
export function SetPriceButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ItemActions>
      <button type="button" className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`} aria-label={label} onClick={onClick}>
        Set price
      </button>
    </ItemActions>
  );
}
