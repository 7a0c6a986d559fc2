"use client";
import { useState } from "react";

/** Copies a value (a token, a PIN) and says so in a live region, since the click itself shows nothing. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        Copy {label}
      </button>
      <span role="status" className="text-xs text-slate-600">
        {state === "copied" ? "Copied." : state === "failed" ? "Couldn't copy; select the text and copy it instead." : ""}
      </span>
    </span>
  );
}
