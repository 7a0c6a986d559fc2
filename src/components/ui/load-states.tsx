/** What a read shows before its data: loading, failed (with a way to try again), or nothing to show. */
import type { ReactNode } from "react";
import { describeLoadError } from "~/components/describe-error";
import { buttonClass } from "./buttons";
import { classNames } from "./class-names";
import { noticeClass } from "./notices";

export function Loading({ className, children = "Loading…" }: { className?: string; children?: ReactNode }) {
  return (
    <p role="status" className={classNames("text-sm text-slate-500", className)}>
      {children}
    </p>
  );
}

/** Grey placeholder rows where a list will be, with the words for screen readers. */
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

/** `message` in plain words (see describeLoadError); the button says when the new try is on its way. */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={classNames(`flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${noticeClass("error")}`, className)}
    >
      <span>{message}</span>
      <button type="button" onClick={onRetry} disabled={retrying} className={buttonClass("secondary", "sm")}>
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}

/** The part of a TanStack query LoadError reads: what failed, and how to ask again. */
interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** LoadError for a failed query: its words from describeLoadError, and retrying by refetching it. */
export function QueryLoadError({ query, what, className }: { query: RetryableQuery; what?: string; className?: string }) {
  return (
    <LoadError
      message={describeLoadError(query.error, what)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}

/** The part of a TanStack query QueryStates reads; its data is there once it is neither pending nor failed. */
type SettlingQuery<Data> = RetryableQuery &
  ({ isPending: true; isError: false } | { isPending: false; isError: true } | { isPending: false; isError: false; data: Data });

/**
 * A query's data once it has arrived: `loading` (Loading, LoadingRows) while it is on its way, and
 * QueryLoadError (`what` names what failed, `errorClassName` places it) if it failed.
 */
export function QueryStates<Data>({
  query,
  loading,
  what,
  errorClassName,
  children,
}: {
  query: SettlingQuery<Data>;
  loading: ReactNode;
  what?: string;
  errorClassName?: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <QueryLoadError query={query} what={what} className={errorClassName} />;
  return children(query.data);
}

/** QueryStates for a page's own read: `loading`'s words while it is on its way, each state below the page's heading. */
export function PageQueryStates<Data>({
  loading,
  ...states
}: {
  query: SettlingQuery<Data>;
  loading: string;
  what?: string;
  children: (data: Data) => ReactNode;
}) {
  return <QueryStates {...states} loading={<Loading className="mt-6">{loading}</Loading>} errorClassName="mt-6" />;
}

export function Empty({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={classNames(
        "rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600",
        className,
      )}
    >
      {children}
    </div>
  );
}
