"use client";
import { useEffect, useState } from "react";
import { secondaryButton } from "./styles";

/** Where the asynchronous Clipboard API is missing (plain http off localhost), the old selection copy still works. */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

/** Copies `text` and says so next to the button ("Copied"), for sighted and screen-reader users alike. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    let copied = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch {
      copied = false;
    }
    if (!copied) copied = copyBySelection(text);
    setState(copied ? "copied" : "failed");
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={copy} aria-label={`Copy ${what}`} className={`${secondaryButton} px-3 py-1.5`}>
        Copy
      </button>
      <span role="status" className={state === "failed" ? "text-sm text-red-700" : "text-sm font-medium text-emerald-700"}>
        {state === "copied" ? "Copied" : state === "failed" ? `Couldn't copy. Select the ${what} and copy it by hand.` : ""}
      </span>
    </div>
  );
}
