"use client";
/** Recovery codes, shown once after they are made: to copy or write down now. */
import { CopyButton } from "~/components/ui/copy-button";
import { Notice } from "~/components/ui/notices";

export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Notice tone="warning">
      <p className="font-medium">Your recovery codes. They are shown this once: keep them somewhere safe, away from your phone.</p>
      <p className="mt-1">Each one signs you in once, in place of a code from your app.</p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3">
        <CopyButton text={codes.join("\n")} what="recovery codes" />
      </div>
    </Notice>
  );
}
