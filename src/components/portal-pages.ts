/**
 * Which roles may see which portal page: the one table that the navigation (src/app/(portal)/layout.tsx)
 * and the pages' guards (src/app/(portal)/page-access.tsx) read, after DESIGN §2's roles. The
 * procedures behind each page refuse everyone else regardless; this decides what people are offered
 * and what they are told.
 */
import type { Role } from "~/generated/prisma/enums";
import type { Tab } from "~/components/ui/tabs";

export interface PortalPage {
  href: string;
  /** The navigation's word for it. */
  label: string;
  /** Its name in a refusal's heading. */
  title: string;
  /** Who sees it in the navigation and may open it, in the navigation's order. */
  roles: readonly Role[];
  /**
   * Operators may open it too for one account named in the address (the console links there), though
   * it is not in their navigation: they have no account of their own.
   */
  operatorsForAnAccount?: boolean;
  /** What a role the page is not for is told, where the general words (NotForYourRole) would not say enough. */
  refusal?: Partial<Record<Role, string>>;
}

const OPEN_FROM_CONSOLE = (what: string) => `Open an account in the operator console to see its ${what}.`;

export const PORTAL_PAGES = {
  dashboard: { href: "/dashboard", label: "Dashboard", title: "Dashboard", roles: ["OPERATOR", "OWNER", "STAFF"] },
  buy: {
    href: "/buy",
    label: "Buy",
    title: "Buy",
    roles: ["OWNER", "STAFF"],
    refusal: { OPERATOR: "Operators don't buy. Purchases are made by a reseller account's owner or staff, from their own wallet." },
  },
  batches: {
    href: "/batches",
    label: "Batches",
    title: "Batches",
    roles: ["OWNER", "STAFF"],
    refusal: { OPERATOR: "Operators don't buy. Batches are bought by a reseller account's owner or staff, from their own wallet." },
  },
  fundWallet: {
    href: "/fund-wallet",
    label: "Fund wallet",
    title: "Fund wallet",
    roles: ["OWNER", "STAFF"],
    refusal: { OPERATOR: "Operators see an account's funding, and fund wallets by hand, on the account's page in the operator console." },
  },
  transactions: {
    href: "/transactions",
    label: "Transactions",
    title: "Transactions",
    roles: ["OWNER", "STAFF"],
    operatorsForAnAccount: true,
    refusal: {
      OPERATOR:
        "Operators search every account's transactions under Operator → Transactions, or open an account in the console to see its transactions.",
    },
  },
  apiKeys: { href: "/api-keys", label: "API keys", title: "API keys", roles: ["OWNER"] },
  webhooks: {
    href: "/webhooks",
    label: "Webhooks",
    title: "Webhooks",
    roles: ["OWNER"],
    // Not in the console: an account's endpoints and their secrets are its owner's business.
    refusal: { OPERATOR: "An account's webhooks are set up by its owner, on this page, for their own account." },
  },
  // Staff may read the allowlist (never change it): they are often the ones asked why the API refuses a server.
  allowlist: { href: "/allowlist", label: "Allowlist", title: "IP allowlist", roles: ["OWNER", "STAFF"] },
  team: { href: "/team", label: "Team", title: "Team", roles: ["OWNER"] },
  invoices: {
    href: "/invoices",
    label: "Invoices",
    title: "Invoices",
    roles: ["OWNER"],
    operatorsForAnAccount: true,
    refusal: { STAFF: "Invoices are available to the account owner. Ask them for a copy.", OPERATOR: OPEN_FROM_CONSOLE("invoices") },
  },
  // Every person's own sign-in: password, two-factor sign-in, sessions (docs/security.md).
  security: { href: "/security", label: "Security", title: "Security", roles: ["OPERATOR", "OWNER", "STAFF"] },
  operator: {
    href: "/operator",
    label: "Operator",
    title: "Operator console",
    roles: ["OPERATOR"],
    refusal: {
      OWNER:
        "The operator console is for the service's own staff. If you need a change to your account, such as funding or an allowlist entry, please contact support.",
      STAFF:
        "The operator console is for the service's own staff. If you need a change to your account, such as funding or an allowlist entry, please contact support.",
    },
  },
} as const satisfies Record<string, PortalPage>;

export type PortalPageName = keyof typeof PORTAL_PAGES;

/**
 * The operator console's own sections, its tabs under the portal's navigation (src/app/(portal)/operator/layout.tsx).
 * The axe scan (e2e/accessibility.spec.ts) opens every one, so a section listed here is scanned too.
 */
export const OPERATOR_CONSOLE_PAGES: readonly Tab[] = [
  { href: "/operator", label: "Accounts", matchUnder: ["/operator/accounts"] },
  { href: "/operator/transactions", label: "Transactions", matchUnder: ["/operator/transactions"] },
  { href: "/operator/fundings", label: "Fundings", matchUnder: ["/operator/fundings"] },
  { href: "/operator/catalog", label: "Catalog", matchUnder: ["/operator/catalog"] },
  { href: "/operator/upstreams", label: "Upstreams", matchUnder: ["/operator/upstreams"] },
  { href: "/operator/price-lists", label: "Price lists", matchUnder: ["/operator/price-lists"] },
  { href: "/operator/reports/margin", label: "Margin", matchUnder: ["/operator/reports"] },
  { href: "/operator/operators", label: "Operators", matchUnder: ["/operator/operators"] },
  { href: "/operator/audit", label: "Audit log", matchUnder: ["/operator/audit"] },
];

export function portalPage(name: PortalPageName): PortalPage {
  return PORTAL_PAGES[name];
}

/** The navigation a role is offered. */
export function navigationFor(role: Role): { href: string; label: string }[] {
  return Object.values(PORTAL_PAGES as Record<string, PortalPage>)
    .filter((page) => page.roles.includes(role))
    .map(({ href, label }) => ({ href, label }));
}

/** Whether a role may open the page; `forAnAccount` when the address names one account. */
export function mayOpen(name: PortalPageName, role: Role, { forAnAccount = false }: { forAnAccount?: boolean } = {}): boolean {
  const page = portalPage(name);
  return page.roles.includes(role) || (role === "OPERATOR" && forAnAccount && page.operatorsForAnAccount === true);
}

/** The portal page an address belongs to ("/operator/accounts/…" is the operator console's). */
export function pageForPath(pathname: string): PortalPageName | null {
  const names = Object.keys(PORTAL_PAGES) as PortalPageName[];
  return names.find((name) => pathname === PORTAL_PAGES[name].href || pathname.startsWith(`${PORTAL_PAGES[name].href}/`)) ?? null;
}
