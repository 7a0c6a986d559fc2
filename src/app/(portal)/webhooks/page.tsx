import type { Metadata } from "next";
import { linkClass } from "~/components/ui/buttons";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { WebhooksPanel } from "./webhooks-panel";

export const metadata: Metadata = { title: "Webhooks · Reseller Portal" };

export default async function WebhooksPage() {
  await pageAccess("webhooks");
  prefetch(trpc.webhooks.list.queryOptions());
  prefetch(trpc.webhooks.lowBalanceThreshold.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Your servers can be told when a purchase settles, your wallet is funded or runs low, or an API key changes, instead of asking the
        API. Each event is POSTed as JSON to your endpoints and signed as{" "}
        <a href="https://www.standardwebhooks.com/" className={linkClass} rel="noreferrer">
          Standard Webhooks
        </a>{" "}
        describes (the <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">webhook-id</code>,{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">webhook-timestamp</code> and{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">webhook-signature</code> headers). A delivery your receiver does not
        answer with a 2xx status is retried for about three days.
      </p>
      <WebhooksPanel />
    </HydrateClient>
  );
}
