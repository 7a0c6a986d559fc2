"use client";
/** Shows a freshly created key, the only time it can ever be seen, with a Copy button. */
import { ShowOnceSecretDialog } from "~/components/show-once-secret";

export function NewApiKeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  return (
    <ShowOnceSecretDialog
      title="Your new API key"
      label={`API key “${name}”`}
      secret={apiKey}
      what="key"
      doneLabel="I've stored the key"
      onClose={onClose}
      warning={
        <>
          <p className="font-semibold">This is the only time the key is shown. Store it in your server&apos;s secrets now.</p>
          <p className="mt-1">We keep only a fingerprint of it. If it is lost, revoke it and create a new one.</p>
        </>
      }
    />
  );
}
