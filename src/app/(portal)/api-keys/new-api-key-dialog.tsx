"use client";
/** Shows a freshly created key, the only time it can ever be seen, with a Copy button. */
import { useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { Modal } from "~/components/ui/dialogs";
import { labelClass } from "~/components/ui/fields";
import { noticeClass } from "~/components/ui/notices";

type CopyState = "idle" | "copied" | "failed";

export function NewApiKeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const keyId = useId();
  const keyField = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyKey() {
    try {
      // The Clipboard API needs a secure context (https or localhost); elsewhere fall back to a selection copy.
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(apiKey);
      else {
        keyField.current?.select();
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      setCopy("copied");
    } catch {
      keyField.current?.select();
      setCopy("failed");
    }
  }

  return (
    <Modal title="Your new API key" onDismiss={onClose}>
      <div className={noticeClass("warning")}>
        <p className="font-semibold">This is the only time the key is shown. Store it in your server&apos;s secrets now.</p>
        <p className="mt-1">We keep only a fingerprint of it. If it is lost, revoke it and create a new one.</p>
      </div>
      <label htmlFor={keyId} className={`mt-4 ${labelClass}`}>
        API key “{name}”
      </label>
      <textarea
        id={keyId}
        ref={keyField}
        readOnly
        rows={2}
        value={apiKey}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void copyKey()} className={buttonClass("secondary")}>
          Copy key
        </button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {copy === "copied" && "Copied to the clipboard."}
          {copy === "failed" && "Couldn't copy automatically: the key is selected, copy it with Ctrl+C (⌘C)."}
        </p>
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={buttonClass("primary")}>
          I&apos;ve stored the key
        </button>
      </div>
    </Modal>
  );
}
