"use client";
/**
 * The catalog as operators run it: every network, data plan and bill product, on sale or not, with
 * its default price, its cost and the margin per unit where the cost is known. Create and edit in a
 * dialog; activate in one click, deactivate after a confirmation that says how many accounts bought
 * the item this month (it goes off sale for every reseller at once). Nothing is deleted: transactions
 * refer to it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { formatNaira } from "~/components/money";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog } from "~/components/ui/dialogs";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemActions, ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { ListFilterField, matchesFilter, useListFilter } from "~/components/ui/list-filter";
import { useTRPC, useTRPCClient } from "~/trpc/react";
import { CatalogFormDialog, type FormFieldSpec, type FormValues } from "../_components/catalog-form";
import { basisLabel, formatBps, marginPerUnit, serviceLabel } from "../_components/catalog-words";
import { readProblem, type Problem } from "../_components/problem";
import { routesHref, upstreamName } from "../_components/routing-words";
import {
  BILL_PRODUCT_FIELDS,
  formInitial,
  NETWORK_FIELDS,
  NEW_BILL_PRODUCT,
  NEW_NETWORK,
  NEW_PLAN,
  planFields,
  type AdminBillProduct,
  type AdminNetwork,
  type AdminPlan,
} from "./catalog-fields";

type Kind = "network" | "plan" | "billProduct";

const WORDS: Record<Kind, string> = { network: "network", plan: "data plan", billProduct: "bill product" };

interface Editing {
  kind: Kind;
  /** The stored record, or null for a new one. */
  record: { id: string; name: string } | null;
}

const COLUMNS = "sm:grid-cols-[minmax(0,2fr)_5.5rem_5.5rem_5.5rem_5rem_minmax(0,9rem)]";
const HEADINGS = ["Name", "Price", "Cost", "Margin", "Status"];

/** One save for the three kinds, create or edit: the values are the form's, checked again by the server. */
function useSaveCatalogItem() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      create,
      values,
    }: {
      kind: Kind;
      create: boolean;
      values: FormValues & { id: string };
    }): Promise<{ name: string }> => {
      const input = values as never;
      if (kind === "network") return create ? client.catalog.createNetwork.mutate(input) : client.catalog.updateNetwork.mutate(input);
      if (kind === "plan") return create ? client.catalog.createPlan.mutate(input) : client.catalog.updatePlan.mutate(input);
      return create ? client.catalog.createBillProduct.mutate(input) : client.catalog.updateBillProduct.mutate(input);
    },
    onSuccess: () => queryClient.invalidateQueries(trpc.catalog.pathFilter()),
  });
}

export function CatalogConsole() {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.catalog.catalog.queryOptions(undefined, { retry: retryUnlessRefused }));
  const save = useSaveCatalogItem();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [toggleProblem, setToggleProblem] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<{ kind: Kind; record: { id: string; name: string; active: boolean } } | null>(null);
  const find = useListFilter();

  if (catalog.isPending) return <Loading>Loading the catalog…</Loading>;
  if (catalog.isError) return <QueryLoadError query={catalog} what="the catalog" />;
  const { networks } = catalog.data;
  // "Find" narrows the plans and bill products (the long lists) by name, id, product id, network or biller.
  const plans = catalog.data.plans.filter((plan) =>
    matchesFilter(find.query, [
      plan.name,
      plan.id,
      plan.productId,
      networks.find((network) => network.id === plan.networkId)?.name,
      plan.class,
    ]),
  );
  const billProducts = catalog.data.billProducts.filter((product) =>
    matchesFilter(find.query, [product.name, product.id, product.productId, product.biller, serviceLabel(product.service)]),
  );

  function open(kind: Kind, record: Editing["record"]) {
    setProblem(null);
    setDone(null);
    setToggleProblem(null);
    setEditing({ kind, record });
  }

  function submit(kind: Kind, record: Editing["record"], values: FormValues) {
    setProblem(null);
    const create = record === null;
    save.mutate(
      { kind, create, values: { ...values, id: create ? String(values.id ?? "") : record.id } },
      {
        onSuccess: (saved) => {
          setEditing(null);
          setDone(`${create ? "Created" : "Saved"} the ${WORDS[kind]} “${saved.name}”.`);
        },
        onError: (error) =>
          setProblem(
            readProblem(error, {
              "catalog.id_taken": `That id is already taken by another ${WORDS[kind]}. Choose another, or edit the existing one.`,
            }),
          ),
      },
    );
  }

  function setActive(kind: Kind, record: { id: string; name: string; active: boolean }) {
    setDone(null);
    setToggleProblem(null);
    save.mutate(
      { kind, create: false, values: { id: record.id, active: !record.active } },
      {
        onSuccess: () => {
          setDeactivating(null);
          setDone(record.active ? `“${record.name}” is off sale: it is no longer listed or sold.` : `“${record.name}” is on sale again.`);
        },
        onError: (error) => {
          setDeactivating(null);
          setToggleProblem(`“${record.name}” was not changed. ${readProblem(error).message}`);
        },
      },
    );
  }

  const toggle = (kind: Kind, record: { id: string; name: string; active: boolean }) => (
    <ToggleButton
      name={record.name}
      active={record.active}
      disabled={save.isPending}
      onClick={() => (record.active ? setDeactivating({ kind, record }) : setActive(kind, record))}
    />
  );
  const edit = (kind: Kind, record: { id: string; name: string }) => (
    <button
      type="button"
      className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`}
      aria-label={`Edit ${record.name}`}
      onClick={() => open(kind, record)}
    >
      Edit
    </button>
  );

  // Each product's routes are a page of their own (docs/operating.md "Routes and failover"); the row names them in order.
  const routesOf = (service: string, id: string): string => {
    const list = catalog.data.routes.filter((route) => route.service === service && route.productCode === id);
    if (list.length === 0) return "";
    return `Routes: ${list.map((route) => `${upstreamName(route.provider)}${route.enabled ? "" : " (off)"}`).join(" → ")}`;
  };
  const routes = (service: string, record: { id: string }, label: string) => (
    <Link
      href={routesHref(service, record.id)}
      className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`}
      aria-label={`Routes for ${label}`}
    >
      Routes
    </Link>
  );

  const fields: Record<Kind, readonly FormFieldSpec[]> = {
    network: NETWORK_FIELDS,
    plan: planFields(networks),
    billProduct: BILL_PRODUCT_FIELDS,
  };
  const fresh: Record<Kind, object> = {
    network: NEW_NETWORK,
    plan: { ...NEW_PLAN, networkId: networks[0]?.id ?? "" },
    billProduct: NEW_BILL_PRODUCT,
  };
  const stored = (kind: Kind, id: string): object | undefined =>
    (kind === "network" ? networks : kind === "plan" ? catalog.data.plans : catalog.data.billProducts).find((item) => item.id === id);

  return (
    <div className="space-y-6">
      {done && <Notice>{done}</Notice>}
      {toggleProblem && <ErrorAlert>{toggleProblem}</ErrorAlert>}

      <div role="search" aria-label="Find in the catalog">
        <ListFilterField
          label="Find a plan or product"
          query={find.query}
          onChange={find.setQuery}
          shown={plans.length + billProducts.length}
          total={catalog.data.plans.length + catalog.data.billProducts.length}
          placeholder="Name, id, network or biller"
        />
      </div>

      <Panel
        id="networks-heading"
        title="Networks"
        description="Airtime limits and the upstream's airtime commission (the cost of airtime is its amount less it)."
        actions={<NewButton label="New network" onClick={() => open("network", null)} />}
      >
        {networks.length === 0 ? (
          <Empty>No networks yet.</Empty>
        ) : (
          <ResponsiveList
            label="Networks"
            columns={COLUMNS}
            headings={["Network", "Airtime min", "Airtime max", "Commission", "Status"]}
            items={networks}
            itemKey={(network) => network.id}
          >
            {(network) => (
              <CatalogRow
                name={network.name}
                id={network.id}
                detail={routesOf("AIRTIME", network.id)}
                facts={[
                  ["Airtime min", formatNaira(network.airtimeMinAmount)],
                  ["Airtime max", formatNaira(network.airtimeMaxAmount)],
                  ["Commission", formatBps(network.airtimeCommissionBps)],
                ]}
                active={network.active}
                actions={
                  <>
                    {edit("network", network)}
                    {routes("AIRTIME", network, `${network.name} airtime`)}
                    {toggle("network", network)}
                  </>
                }
              />
            )}
          </ResponsiveList>
        )}
      </Panel>

      <Panel
        id="plans-heading"
        title="Data plans"
        description="Default price (what accounts without a price list or own price pay), cost and margin per sale, by network."
        actions={<NewButton label="New data plan" onClick={() => open("plan", null)} />}
      >
        <div className="space-y-5">
          {find.active && plans.length === 0 && <Empty>No data plan matches “{find.query.trim()}”.</Empty>}
          {networks
            .filter((network) => !find.active || plans.some((plan) => plan.networkId === network.id))
            .map((network) => (
              <PlanGroup key={network.id} network={network} plans={plans.filter((plan) => plan.networkId === network.id)}>
                {(plan) => (
                  <CatalogRow
                    name={plan.name}
                    id={plan.id}
                    detail={[
                      `${basisLabel(plan.pricingBasis)}${plan.retailPrice !== null ? ` · retail ${formatNaira(plan.retailPrice)}` : ""}`,
                      routesOf("DATA", plan.id),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    facts={priceFacts(plan.price, plan.costPrice)}
                    active={plan.active}
                    actions={
                      <>
                        {edit("plan", plan)}
                        {routes("DATA", plan, plan.name)}
                        {toggle("plan", plan)}
                      </>
                    }
                  />
                )}
              </PlanGroup>
            ))}
        </div>
      </Panel>

      <Panel
        id="bill-products-heading"
        title="Bill products"
        description="Fixed-price products have a price and a cost; variable-amount ones charge the amount sent, less the upstream's commission."
        actions={<NewButton label="New bill product" onClick={() => open("billProduct", null)} />}
      >
        <div className="space-y-5">
          {find.active && billProducts.length === 0 && <Empty>No bill product matches “{find.query.trim()}”.</Empty>}
          {[...new Set(billProducts.map((product) => product.service))].map((service) => (
            <BillProductGroup key={service} service={service} products={billProducts.filter((product) => product.service === service)}>
              {(product) => (
                <CatalogRow
                  name={product.name}
                  id={product.id}
                  detail={[product.biller, routesOf(product.service, product.id)].filter(Boolean).join(" · ")}
                  facts={
                    product.amountType === "FIXED"
                      ? priceFacts(product.price, product.costPrice)
                      : [
                          ["Price", `${formatNaira(product.minAmount)}–${formatNaira(product.maxAmount)}`],
                          ["Cost", `less ${formatBps(product.commissionBps)}`],
                          ["Margin", formatBps(product.commissionBps)],
                        ]
                  }
                  active={product.active}
                  actions={
                    <>
                      {edit("billProduct", product)}
                      {routes(product.service, product, product.name)}
                      {toggle("billProduct", product)}
                    </>
                  }
                />
              )}
            </BillProductGroup>
          ))}
        </div>
      </Panel>

      {deactivating && (
        <DeactivateDialog
          kind={deactivating.kind}
          record={deactivating.record}
          pending={save.isPending}
          onConfirm={() => setActive(deactivating.kind, deactivating.record)}
          onCancel={() => setDeactivating(null)}
        />
      )}
      {editing && (
        <CatalogFormDialog
          title={editing.record ? `Edit ${editing.record.name}` : `New ${WORDS[editing.kind]}`}
          formLabel={editing.record ? `Edit ${WORDS[editing.kind]}` : `New ${WORDS[editing.kind]}`}
          fields={fields[editing.kind]}
          initial={formInitial((editing.record && stored(editing.kind, editing.record.id)) ?? fresh[editing.kind], fields[editing.kind])}
          editing={editing.record !== null}
          submitLabel={editing.record ? "Save changes" : `Create ${WORDS[editing.kind]}`}
          pendingLabel="Saving…"
          pending={save.isPending}
          problem={problem}
          onSubmit={(values) => submit(editing.kind, editing.record, values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function priceFacts(price: bigint | null, cost: bigint | null): [string, string][] {
  const margin = marginPerUnit(price, cost);
  return [
    ["Price", formatNaira(price)],
    ["Cost", formatNaira(cost)],
    ["Margin", margin === null ? "—" : formatNaira(margin)],
  ];
}

function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={buttonClass("secondary")} onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * "Take it off sale?" with what that affects: every reseller at once, and how many accounts bought the
 * item this month (counted when the dialog opens).
 */
function DeactivateDialog({
  kind,
  record,
  pending,
  onConfirm,
  onCancel,
}: {
  kind: Kind;
  record: { id: string; name: string };
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const buyers = useQuery(trpc.catalog.recentBuyers.queryOptions({ kind, id: record.id }, { retry: retryUnlessRefused }));
  const what = kind === "network" ? "its airtime and data plans are" : "it is";
  return (
    <ConfirmDialog
      title={`Take “${record.name}” off sale?`}
      confirmLabel="Deactivate"
      pendingLabel="Deactivating…"
      tone="danger"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        For every reseller at once, {what} no longer listed or sold, in the API and on the Buy page. Purchases already made are kept. You
        can activate it again.
      </p>
      <p role="status">
        {buyers.isPending
          ? "Counting this month’s buyers…"
          : buyers.isError
            ? "This month’s buyers could not be counted."
            : buyers.data.accounts === 0
              ? "No account has bought it this month."
              : `${buyers.data.accounts.toLocaleString("en-NG")} account${buyers.data.accounts === 1 ? " has" : "s have"} bought it this month (${buyers.data.purchases.toLocaleString("en-NG")} purchase${buyers.data.purchases === 1 ? "" : "s"}).`}
      </p>
    </ConfirmDialog>
  );
}

function ToggleButton({ name, active, disabled, onClick }: { name: string; active: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${buttonClass(active ? "dangerOutline" : "secondary", "sm")} w-full sm:w-auto`}
      aria-label={`${active ? "Deactivate" : "Activate"} ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      {active ? "Deactivate" : "Activate"}
    </button>
  );
}

/** One record's row: its name and id, three figures, whether it is on sale, and its buttons. */
function CatalogRow({
  name,
  id,
  detail,
  facts,
  active,
  actions,
}: {
  name: string;
  id: string;
  detail?: string;
  facts: [string, string][];
  active: boolean;
  actions: ReactNode;
}) {
  return (
    <>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="font-mono text-xs break-all text-slate-500">{id}</p>
        {detail && <p className="text-xs text-slate-500">{detail}</p>}
      </div>
      <ItemFacts>
        {facts.map(([label, value]) => (
          <ItemFact key={label} label={label}>
            <span className="tabular-nums">{value}</span>
          </ItemFact>
        ))}
        <ItemFact label="Status">
          <Badge tone={active ? "success" : "neutral"}>{active ? "On sale" : "Off sale"}</Badge>
        </ItemFact>
      </ItemFacts>
      <ItemActions>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{actions}</div>
      </ItemActions>
    </>
  );
}

function PlanGroup({ network, plans, children }: { network: AdminNetwork; plans: AdminPlan[]; children: (plan: AdminPlan) => ReactNode }) {
  const label = `${network.name} data plans`;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{label}</h3>
      {plans.length === 0 ? (
        <Empty>No plans on {network.name} yet.</Empty>
      ) : (
        <ResponsiveList label={label} columns={COLUMNS} headings={HEADINGS} items={plans} itemKey={(plan) => plan.id}>
          {children}
        </ResponsiveList>
      )}
    </div>
  );
}

function BillProductGroup({
  service,
  products,
  children,
}: {
  service: string;
  products: AdminBillProduct[];
  children: (product: AdminBillProduct) => ReactNode;
}) {
  const label = `${serviceLabel(service)} products`;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{label}</h3>
      <ResponsiveList label={label} columns={COLUMNS} headings={HEADINGS} items={products} itemKey={(product) => product.id}>
        {children}
      </ResponsiveList>
    </div>
  );
}
