"use client";
/**
 * One price list: renaming it, its price for every data plan and fixed-price bill product (set, change
 * or remove; without one the default applies to its accounts), and the accounts that buy at it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { formatNaira } from "~/components/money";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { DialogFooter, Modal } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { ListFilterField, matchesFilter, useListFilter } from "~/components/ui/list-filter";
import { useTRPC } from "~/trpc/react";
import { basisLabel, serviceLabel } from "../../_components/catalog-words";
import { PricedItemName, PriceDialog, SetPriceButton, usePriceEditing, type PricedItem } from "../../_components/price-dialog";
import { formAlert, readProblem, type Problem } from "../../_components/problem";

interface ListRow extends PricedItem {
  group: string;
  active: boolean;
  listPrice: bigint | null;
  listBasis: string | null;
}

export function PriceListDetail({ priceListId }: { priceListId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.catalog.priceList.queryOptions({ priceListId }, { retry: retryUnlessRefused }));
  const catalog = useQuery(trpc.catalog.catalog.queryOptions(undefined, { retry: retryUnlessRefused }));
  const [renaming, setRenaming] = useState(false);
  const find = useListFilter();
  const refresh = () => queryClient.invalidateQueries(trpc.catalog.pathFilter());
  const pricing = usePriceEditing<ListRow>(refresh);
  const setPrice = useMutation(
    trpc.catalog.setPriceListPrice.mutationOptions(
      pricing.saving((name, kobo) =>
        kobo === null
          ? `Removed “${name}” from the list: its accounts pay the default again.`
          : `“${name}” is ${formatNaira(kobo)} on this list.`,
      ),
    ),
  );

  if (list.isPending || catalog.isPending) return <Loading>Loading the price list…</Loading>;
  if (list.isError) {
    const notFound = readProblem(list.error).appCode === "price_list.not_found";
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{notFound ? "No such price list" : "Price list"}</h1>
        {notFound ? <ErrorAlert>There is no price list with this id.</ErrorAlert> : <QueryLoadError query={list} what="the price list" />}
        <Link href="/operator/price-lists" className={buttonClass("secondary")}>
          Back to price lists
        </Link>
      </div>
    );
  }
  if (catalog.isError) return <QueryLoadError query={catalog} what="the catalog" />;

  const planPrices = new Map(list.data.planPrices.map((price) => [price.planId, price]));
  const billPrices = new Map(list.data.billPrices.map((price) => [price.productId, price]));
  const rows: ListRow[] = [
    ...catalog.data.plans.map((plan) => ({
      kind: "plan" as const,
      id: plan.id,
      name: plan.name,
      group: plan.networkId.toUpperCase(),
      active: plan.active,
      defaultPrice: plan.price,
      listPrice: planPrices.get(plan.id)?.price ?? null,
      listBasis: planPrices.get(plan.id)?.pricingBasis ?? null,
    })),
    ...catalog.data.billProducts.flatMap((product) =>
      product.amountType === "FIXED" && product.price !== null
        ? [
            {
              kind: "bill_product" as const,
              id: product.id,
              name: product.name,
              group: serviceLabel(product.service),
              active: product.active,
              defaultPrice: product.price,
              listPrice: billPrices.get(product.id)?.price ?? null,
              listBasis: null,
            },
          ]
        : [],
    ),
  ];

  const shownRows = rows.filter((row) => matchesFilter(find.query, [row.name, row.id, row.group]));

  return (
    <div className="space-y-6">
      <div>
        <Link href="/operator/price-lists" className={`text-sm ${linkClass}`}>
          ← Price lists
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{list.data.name}</h1>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => {
              pricing.setDone(null);
              setRenaming(true);
            }}
          >
            Rename
          </button>
        </div>
      </div>
      {pricing.done && <Notice>{pricing.done}</Notice>}

      <Panel id="list-accounts-heading" title="Accounts on this list" description="Assign an account on its page in the console (Pricing).">
        {list.data.accounts.length === 0 ? (
          <Empty>No account buys at this list yet.</Empty>
        ) : (
          <ul aria-label="Accounts on this list" className="space-y-1 text-sm">
            {list.data.accounts.map((account) => (
              <li key={account.id}>
                <Link href={`/operator/accounts/${account.id}`} className={`break-words ${linkClass}`}>
                  {account.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="list-prices-heading" title="Prices" description="Without a price on the list, its accounts pay the default.">
        <div role="search" aria-label="Find a price on this list" className="mb-4">
          <ListFilterField
            label="Find a plan or product"
            query={find.query}
            onChange={find.setQuery}
            shown={shownRows.length}
            total={rows.length}
            placeholder="Name, id or network"
          />
        </div>
        <ResponsiveList
          label="Prices on this list"
          columns="sm:grid-cols-[minmax(0,2fr)_6rem_minmax(0,7rem)_6rem]"
          headings={["Item", "Default", "On this list"]}
          items={shownRows}
          itemKey={(row) => `${row.kind}:${row.id}`}
        >
          {(row) => (
            <>
              <PricedItemName name={row.name} active={row.active} group={row.group} id={row.id} />
              <ItemFacts>
                <ItemFact label="Default">{formatNaira(row.defaultPrice)}</ItemFact>
                <ItemFact label="On this list">
                  <span className="tabular-nums">{formatNaira(row.listPrice)}</span>
                  {row.listBasis && <span className="block text-xs text-slate-500">{basisLabel(row.listBasis)}</span>}
                </ItemFact>
              </ItemFacts>
              <SetPriceButton label={`Set price of ${row.name} on this list`} onClick={() => pricing.edit(row)} />
            </>
          )}
        </ResponsiveList>
      </Panel>

      {pricing.editing && (
        <PriceDialog
          title={`Price of ${pricing.editing.name} on ${list.data.name}`}
          item={pricing.editing}
          current={pricing.editing.listPrice}
          currentBasis={pricing.editing.listBasis}
          removeLabel="Remove from list"
          {...pricing.dialog(setPrice.isPending, (change) => setPrice.mutate({ priceListId: list.data.id, ...change }))}
        />
      )}
      {renaming && (
        <RenameDialog
          priceListId={list.data.id}
          name={list.data.name}
          onClose={(renamed) => {
            setRenaming(false);
            if (renamed) pricing.setDone(`Renamed to “${renamed}”.`);
          }}
        />
      )}
    </div>
  );
}

function RenameDialog({ priceListId, name, onClose }: { priceListId: string; name: string; onClose: (renamed: string | null) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const rename = useMutation(
    trpc.catalog.renamePriceList.mutationOptions({
      onSuccess: async (list) => {
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
        onClose(list.name);
      },
      onError: (error) => setProblem(readProblem(error)),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    rename.mutate({ priceListId, name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }

  const alert = problem?.appCode === "price_list.name_taken" ? null : formAlert(problem, ["name"]);
  return (
    <Modal title="Rename price list" onDismiss={rename.isPending ? null : () => onClose(null)}>
      <form onSubmit={submit} noValidate aria-label="Rename price list" className="space-y-4">
        {alert && <ErrorAlert>{alert}</ErrorAlert>}
        <TextField
          id="rename-price-list"
          label="Name"
          error={problem?.fieldErrors.name ?? (problem?.appCode === "price_list.name_taken" ? problem.message : undefined)}
          name="name"
          defaultValue={name}
          maxLength={100}
          autoComplete="off"
          autoFocus
        />
        <DialogFooter pending={rename.isPending} onCancel={() => onClose(null)} actionLabel="Rename" pendingLabel="Renaming…" />
      </form>
    </Modal>
  );
}
