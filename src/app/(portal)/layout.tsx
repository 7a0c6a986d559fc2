import type { ReactNode } from "react";
import { PortalNav } from "~/components/portal-nav";
import { linkClass } from "~/components/ui/buttons";
import { navigationFor } from "~/components/portal-pages";
import { roleLabel } from "~/components/role-label";
import { SignOutButton } from "~/components/sign-out-button";
import { TestDataBanner, TestDataSwitch } from "~/components/test-data-switch";
import { getSessionActor } from "~/server/auth/session";
import { redirectWithoutFullSession } from "./page-access";

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  if (!actor) return redirectWithoutFullSession();

  const items = navigationFor(actor.role);
  // Decided by getSessionActor from the switch's cookie; operators never have it (docs/integrating.md "Test mode").
  const testData = actor.livemode === false;

  return (
    <div className="min-h-screen">
      {/* Before the header's many tab stops: keyboard users go straight to the page. */}
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-sm font-medium text-emerald-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-emerald-600"
      >
        Skip to content
      </a>
      {/* Printed, a page is its content alone: a transaction's page is its receipt. */}
      <header className="border-b border-slate-200 bg-white print:hidden">
        {/*
          Brand, the Test data switch, who is signed in and sign-out on the first row; the nav on its own
          row below, at every width: an owner's eight pages beside the email and the button already filled
          a 1280px window's 1024px column, and with the switch (docs/integrating.md "Test mode") one row would
          hide the email or push "Sign out" out of the column. A long email is shortened (in full on hover).
        */}
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <span className="shrink-0 text-sm font-semibold text-emerald-700">Reseller Portal</span>
          <div className="order-last w-full">
            <PortalNav items={items} />
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            {actor.role !== "OPERATOR" && <TestDataSwitch on={testData} />}
            <span className="hidden min-w-0 truncate text-sm text-slate-600 sm:block" title={`${actor.email} · ${roleLabel(actor.role)}`}>
              {actor.email} · {roleLabel(actor.role)}
            </span>
            <div className="shrink-0">
              <SignOutButton />
            </div>
          </div>
        </div>
      </header>
      {testData && <TestDataBanner />}
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 focus:outline-none">
        {children}
      </main>
      {/* The API reference, for everyone who integrates, or supports those who do. */}
      <footer className="mx-auto max-w-5xl border-t border-slate-200 px-4 py-4 text-sm text-slate-600 print:hidden">
        <a href="/docs" className={linkClass}>
          API reference
        </a>
        {" · "}
        <a href="/docs/changelog" className={linkClass}>
          API changelog
        </a>
      </footer>
    </div>
  );
}
