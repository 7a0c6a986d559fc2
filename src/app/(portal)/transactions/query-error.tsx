"use client";

/** A failed load, said plainly, with a way to try again. */
export function QueryError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      We couldn&apos;t load {what}. Check your connection and{" "}
      <button type="button" onClick={onRetry} className="font-medium underline hover:no-underline focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600">
        try again
      </button>
      .
    </div>
  );
}
