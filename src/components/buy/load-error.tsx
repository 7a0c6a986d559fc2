import { describeLoadError } from "./describe-error";
import { alertBox } from "./styles";

/** A read that failed: what happened in plain words, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className={`${alertBox} flex flex-wrap items-center justify-between gap-2`}>
      <span>{describeLoadError(error)}</span>
      <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2 hover:no-underline">
        Try again
      </button>
    </div>
  );
}
