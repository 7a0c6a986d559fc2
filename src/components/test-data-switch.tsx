"use client";
/**
 * The portal's "Test data" switch (docs/integrating.md "Test mode") and the banner shown on every page while it is
 * on. Both are plain forms posted to /api/portal/mode, which sets or clears the cookie getSessionActor
 * reads and sends the browser back: the whole page is rendered again in the new mode (nothing cached
 * in the browser survives from the other one), and both work before the page's script has run.
 */
import { usePathname } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { buttonClass } from "./ui/buttons";
import { SwitchButton } from "./ui/switch-control";

function ModeForm({
  mode,
  onSubmit,
  className,
  children,
}: {
  mode: "live" | "test";
  onSubmit?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const pathname = usePathname();
  return (
    <form
      method="post"
      action="/api/portal/mode"
      className={className}
      onSubmit={(event) => {
        // Back to the same view: the transaction filters and the page live in the query string, which
        // the server render of this form could not know.
        const returnTo = event.currentTarget.elements.namedItem("returnTo");
        if (returnTo instanceof HTMLInputElement) returnTo.value = `${window.location.pathname}${window.location.search}`;
        onSubmit?.();
      }}
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="returnTo" defaultValue={pathname} />
      {children}
    </form>
  );
}

/** The header's switch, for account users (operators always work live). */
export function TestDataSwitch({ on }: { on: boolean }) {
  const labelId = useId();
  const [switching, setSwitching] = useState(false);
  return (
    <ModeForm mode={on ? "live" : "test"} onSubmit={() => setSwitching(true)} className="flex shrink-0 items-center gap-2">
      <span id={labelId} className={`text-sm font-medium whitespace-nowrap ${on ? "text-amber-800" : "text-slate-600"}`}>
        Test data
      </span>
      <SwitchButton
        type="submit"
        checked={on}
        tone="amber"
        aria-labelledby={labelId}
        disabled={switching}
        title={on ? "Showing test data. Switch back to live data." : "Switch to test data: the sandbox and your test wallet."}
      />
    </ModeForm>
  );
}

/** On every page while the switch is on: nobody should take a test purchase for a real one. */
export function TestDataBanner() {
  return (
    <section aria-label="Test data" className="border-b border-amber-300 bg-amber-100">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-950">
        <p>
          <strong className="font-semibold">Test data:</strong> purchases use the sandbox and your test wallet; nothing here is real.
        </p>
        <ModeForm mode="live">
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Switch to live data
          </button>
        </ModeForm>
      </div>
    </section>
  );
}
