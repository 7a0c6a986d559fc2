"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "./buttons";

/**
 * Puts `text` on the clipboard; false when the browser would not. Where the asynchronous Clipboard API
 * is missing or refuses (plain http off localhost), the old selection copy often still works.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused: try the selection copy below.
  }
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

/** Copies `text` (a token, a PIN) and says so next to the button, for sighted and screen-reader users alike. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <span className="inline-flex flex-wrap items-center gap-2 print:hidden">
      <button
        type="button"
        onClick={() => void copyText(text).then((copied) => setState(copied ? "copied" : "failed"))}
        className={buttonClass("secondary", "sm")}
      >
        Copy {what}
      </button>
      <span role="status" className={state === "failed" ? "text-sm text-red-700" : "text-sm font-medium text-emerald-700"}>
        {state === "copied" ? "Copied." : state === "failed" ? `Couldn't copy. Select the ${what} and copy it by hand.` : ""}
      </span>
    </span>
  );
}
