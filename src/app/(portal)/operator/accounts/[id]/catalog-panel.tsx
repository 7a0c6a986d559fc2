"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { ErrorAlert } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { SwitchControl } from "~/components/ui/switch-control";
import { readProblem } from "../../_components/problem";
import { useRefreshAccount } from "./use-refresh-account";

/** Whether the account's plan list carries the structured catalog fields. Takes effect on the next request. */
export function CatalogPanel({ accountId, onProductCatalog }: { accountId: string; onProductCatalog: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation(
    trpc.operator.setProductCatalog.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) => setProblem(readProblem(error).message),
    }),
  );
  // Shown at once while the change is on its way; the refetch then confirms it.
  const shown = change.isPending ? change.variables.on : onProductCatalog;

  return (
    <Panel id="catalog-heading" title="Product catalog">
      <div className="space-y-2">
        <SwitchControl
          id={`catalog-${accountId}`}
          label="On the product catalog"
          checked={shown}
          disabled={change.isPending}
          description={
            shown
              ? "On: the plan list includes product ids, data sizes, validity, unlimited and class."
              : "Off: the plan list has names and prices only."
          }
          onChange={(on) => {
            setProblem(null);
            change.mutate({ accountId, on });
          }}
        />
        {change.isPending && (
          <p role="status" className="text-sm text-slate-500">
            Saving…
          </p>
        )}
        {problem && <ErrorAlert>The change was not saved. {problem}</ErrorAlert>}
      </div>
    </Panel>
  );
}
