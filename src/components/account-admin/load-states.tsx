/** The loading and failed states of a list on the owner's pages. */
import { alertBox, secondaryButton } from "./styles";

export function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden="true" className="h-12 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className={`flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${alertBox}`}>
      <span>{message}</span>
      <button type="button" onClick={onRetry} disabled={retrying} className={secondaryButton}>
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}
