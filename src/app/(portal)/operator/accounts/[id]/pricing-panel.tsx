"use client";
/**
 * What this account pays: its price list (or none), and per data plan and fixed-price bill product the
 * default, the list's, its own and the price in force with where that comes from (the same view the
 * listings and purchases read). An own price wins over the list's, which wins over the default.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatNaira } from "~/components/money";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { buttonClass } from "~/components/ui/buttons";
import { Field } from "~/components/ui/fields";
import { Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { ListFilterField, matchesFilter, useListFilter } from "~/components/ui/list-filter";
import type { AccountPriceRow } from "~/server/services/pricing/get-account-prices";
import { useTRPC } from "~/trpc/react";
import { basisLabel, serviceLabel } from "../../_components/catalog-words";
import { PricedItemName, PriceDialog, SetPriceButton, usePriceEditing } from "../../_components/price-dialog";
import { readProblem } from "../../_components/problem";

const SOURCE_LABELS = { account: "Own price", price_list: "Price list", default: "Default" } as const;
const COLUMNS = "sm:grid-cols-[minmax(0,2fr)_5.5rem_5.5rem_5.5rem_minmax(0,7rem)_6rem]";

export function PricingPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prices = useQuery(trpc.catalog.accountPrices.queryOptions({ accountId }, { retry: retryUnlessRefused }));
  const refresh = () => queryClient.invalidateQueries(trpc.catalog.pathFilter());
  const pricing = usePriceEditing<AccountPriceRow>(refresh);
  const find = useListFilter();
  const setPrice = useMutation(
    trpc.catalog.setAccountPrice.mutationOptions(
      pricing.saving((name, kobo) =>
        kobo === null ? `Removed the own price of “${name}”.` : `“${name}” now costs this account ${formatNaira(kobo)}.`,
      ),
    ),
  );

  return (
    <Panel
      id="pricing-heading"
      title="Pricing"
      description="An own price wins over the price list's, which wins over the default. Changes apply to the next purchase."
    >
      {prices.isPending && <Loading>Loading prices…</Loading>}
      {prices.isError && <QueryLoadError query={prices} what="the prices" />}
      {prices.data && (
        <div className="space-y-4">
          <PriceListChooser
            accountId={accountId}
            current={prices.data.priceList?.id ?? ""}
            onAssigned={async (name) => {
              await refresh();
              pricing.setDone(name ? `The account buys at the “${name}” price list.` : "The account is on no price list.");
            }}
          />
          {pricing.done && <Notice>{pricing.done}</Notice>}
          <div role="search" aria-label="Find a price for this account">
            <ListFilterField
              label="Find a plan or product"
              query={find.query}
              onChange={find.setQuery}
              shown={prices.data.prices.filter((row) => matchesFilter(find.query, [row.name, row.id, row.group])).length}
              total={prices.data.prices.length}
              placeholder="Name, id or network"
            />
          </div>
          <ResponsiveList
            label="Prices for this account"
            columns={COLUMNS}
            headings={["Item", "Default", "List", "Own", "In force"]}
            items={prices.data.prices.filter((row) => matchesFilter(find.query, [row.name, row.id, row.group]))}
            itemKey={(row) => `${row.kind}:${row.id}`}
          >
            {(row) => (
              <>
                <PricedItemName
                  name={row.name}
                  active={row.active}
                  group={row.kind === "plan" ? row.group.toUpperCase() : serviceLabel(row.group)}
                  id={row.id}
                />
                <ItemFacts>
                  <ItemFact label="Default">{formatNaira(row.defaultPrice)}</ItemFact>
                  <ItemFact label="List">{formatNaira(row.listPrice)}</ItemFact>
                  <ItemFact label="Own">{formatNaira(row.accountPrice)}</ItemFact>
                  <ItemFact label="In force">
                    <span className="font-semibold text-slate-900 tabular-nums" data-testid={`price-in-force-${row.id}`}>
                      {formatNaira(row.price)}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {SOURCE_LABELS[row.source]}
                      {row.pricingBasis ? ` · ${basisLabel(row.pricingBasis)}` : ""}
                    </span>
                  </ItemFact>
                </ItemFacts>
                <SetPriceButton label={`Set price of ${row.name}`} onClick={() => pricing.edit(row)} />
              </>
            )}
          </ResponsiveList>
        </div>
      )}
      {pricing.editing && (
        <PriceDialog
          title={`Price of ${pricing.editing.name} for this account`}
          item={pricing.editing}
          current={pricing.editing.accountPrice}
          currentBasis={pricing.editing.source === "account" ? pricing.editing.pricingBasis : null}
          removeLabel="Remove own price"
          {...pricing.dialog(setPrice.isPending, (change) => setPrice.mutate({ accountId, ...change }))}
        />
      )}
    </Panel>
  );
}

function PriceListChooser({
  accountId,
  current,
  onAssigned,
}: {
  accountId: string;
  current: string;
  onAssigned: (name: string | null) => Promise<void>;
}) {
  const trpc = useTRPC();
  const lists = useQuery(trpc.catalog.priceLists.queryOptions(undefined, { retry: retryUnlessRefused }));
  const [problem, setProblem] = useState<string | null>(null);
  const assign = useMutation(
    trpc.catalog.assignPriceList.mutationOptions({
      onSuccess: ({ priceList }) => onAssigned(priceList?.name ?? null),
      onError: (error) => setProblem(readProblem(error).message),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const chosen = String(new FormData(event.currentTarget).get("priceListId") ?? "");
    assign.mutate({ accountId, priceListId: chosen === "" ? null : chosen });
  }

  return (
    <form key={current} onSubmit={submit} aria-label="The account's price list" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:w-72">
        <Field id={`price-list-${accountId}`} label="Price list">
          {(control) => (
            <select {...control} name="priceListId" defaultValue={current} disabled={!lists.data}>
              <option value="">No price list (default prices)</option>
              {lists.data?.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={assign.isPending || !lists.data}>
        {assign.isPending ? "Saving…" : "Use this price list"}
      </button>
      {problem && <ErrorAlert>The price list was not changed. {problem}</ErrorAlert>}
    </form>
  );
}
