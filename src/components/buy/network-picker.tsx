"use client";
import { useQuery } from "@tanstack/react-query";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { useTRPC } from "~/trpc/react";
import { ChoiceFieldset, ChoiceRadio } from "./choice-fieldset";
import type { Network } from "./types";

export const NETWORK_PROBLEM = "Choose a network.";

interface NetworkPickerProps {
  value: string | null;
  onChange: (network: Network) => void;
  error?: string | null;
}

/** The mobile networks as a row of radio buttons. */
export function NetworkPicker({ value, onChange, error }: NetworkPickerProps) {
  const trpc = useTRPC();
  const networks = useQuery(trpc.purchases.networks.queryOptions());

  return (
    <ChoiceFieldset name="network" legend="Network" error={error}>
      {networks.isPending && <Loading className="mt-2">Loading networks…</Loading>}
      {networks.isError && <QueryLoadError query={networks} what="the networks" className="mt-2" />}
      {networks.data && networks.data.length === 0 && <Empty className="mt-2">No networks are on sale right now.</Empty>}
      {networks.data && networks.data.length > 0 && (
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {networks.data.map((network) => (
            <label
              key={network.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:text-emerald-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600"
            >
              <ChoiceRadio name="network" value={network.id} chosen={value} onChoose={() => onChange(network)} />
              {network.name}
            </label>
          ))}
        </div>
      )}
    </ChoiceFieldset>
  );
}
