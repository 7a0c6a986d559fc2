"use client";
/** Every price list with how many accounts and prices it has, and creating one. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { formatDate } from "~/components/dates";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { useTRPC } from "~/trpc/react";
import { formAlert, readProblem, type Problem } from "../_components/problem";

export function PriceLists() {
  const trpc = useTRPC();
  const lists = useQuery(trpc.catalog.priceLists.queryOptions(undefined, { retry: retryUnlessRefused }));

  return (
    <div className="space-y-6">
      <CreatePriceListPanel />
      {lists.isPending && <Loading>Loading price lists…</Loading>}
      {lists.isError && <QueryLoadError query={lists} what="the price lists" />}
      {lists.data && lists.data.length === 0 && <Empty>No price lists yet. Every account buys at the default prices.</Empty>}
      {lists.data && lists.data.length > 0 && (
        <ResponsiveList
          label="Price lists"
          columns="sm:grid-cols-[minmax(0,2fr)_6rem_6rem_8rem]"
          headings={["Name", "Accounts", "Prices", "Created"]}
          withActions={false}
          items={lists.data}
          itemKey={(list) => list.id}
        >
          {(list) => (
            <>
              <Link href={`/operator/price-lists/${list.id}`} className={`break-words ${linkClass}`}>
                {list.name}
              </Link>
              <ItemFacts>
                <ItemFact label="Accounts">{list.accounts}</ItemFact>
                <ItemFact label="Prices">{list.prices}</ItemFact>
                <ItemFact label="Created">{formatDate(list.createdAt)}</ItemFact>
              </ItemFacts>
            </>
          )}
        </ResponsiveList>
      )}
    </div>
  );
}

function CreatePriceListPanel() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation(
    trpc.catalog.createPriceList.mutationOptions({
      onSuccess: async (list) => {
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
        router.push(`/operator/price-lists/${list.id}`);
      },
      onError: (error) => setProblem(readProblem(error, { "price_list.name_taken": "A price list with this name already exists." })),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    create.mutate({ name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }

  const busy = create.isPending || create.isSuccess;
  const alert = formAlert(problem, ["name"]);
  return (
    <Panel id="new-price-list-heading" title="New price list" description="Create it, then set its prices and assign accounts to it.">
      <form onSubmit={submit} noValidate aria-label="New price list" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-80">
          <TextField
            id="new-price-list-name"
            label="Name"
            hint="E.g. Standard, Gold."
            error={problem?.fieldErrors.name ?? (problem?.appCode === "price_list.name_taken" ? problem.message : undefined)}
            name="name"
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={`${buttonClass("primary")} sm:mt-6`} disabled={busy}>
          {busy ? "Creating…" : "Create price list"}
        </button>
      </form>
      {alert && problem?.appCode !== "price_list.name_taken" && <ErrorAlert className="mt-3">{alert}</ErrorAlert>}
    </Panel>
  );
}
