"use client";
/** Shows a freshly created key, the only time it can ever be seen, with a Copy button, and what its mode means. */
import { ShowOnceSecretDialog } from "~/components/show-once-secret";
import { linkClass } from "~/components/ui/buttons";

export function NewApiKeyDialog({
  name,
  apiKey,
  livemode,
  onClose,
  returnFocusTo,
}: {
  name: string;
  apiKey: string;
  livemode: boolean;
  onClose: () => void;
  /** The "Create key" button, focused again when the dialog closes. */
  returnFocusTo: HTMLElement | null;
}) {
  return (
    <ShowOnceSecretDialog
      title="Your new API key"
      label={`API key “${name}”`}
      secret={apiKey}
      what="key"
      doneLabel="I've stored the key"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      warning={
        <>
          <p className="font-semibold">This is the only time the key is shown. Store it in your server&apos;s secrets now.</p>
          <p className="mt-1">We keep only a fingerprint of it. If it is lost, revoke it and create a new one.</p>
        </>
      }
    >
      {livemode ? (
        <p>A live key: its purchases are real and charged to your wallet.</p>
      ) : (
        <>
          <p>
            <strong className="font-semibold">A test key.</strong> Its purchases go to the sandbox and are paid from your test wallet&apos;s
            play money: nothing is delivered and nothing is charged. Its transactions, balance and webhook events are test ones (
            <code className="font-mono text-xs">&quot;livemode&quot;: false</code>), seen in the portal with Test data on.
          </p>
          <p>
            The recipient decides each outcome (a number ending in 0000 fails, for one): see &quot;Sandbox test recipients&quot; in the{" "}
            {/* A new tab: leaving this dialog's page would lose the key, which is shown only once. */}
            <a href="/docs" target="_blank" rel="noopener" className={linkClass}>
              API reference (opens in a new tab)
            </a>
            .
          </p>
        </>
      )}
    </ShowOnceSecretDialog>
  );
}
