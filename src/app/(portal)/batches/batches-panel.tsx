"use client";
/**
 * The Batches page's body: the upload (kind, reference, file), its preview (every row with a problem,
 * by line and column, and the total against the balance), the batch followed on a progress bar until
 * it completes, with its results to download; and the account's past batches.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { formatNaira } from "~/components/money";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { cellClass, DataTable } from "~/components/ui/data-table";
import { inputClass, labelClass, TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { BATCH_CSV_COLUMNS, BATCH_ORDER_KINDS, type BatchOrderKind } from "~/schemas/batches";
import { useTRPC } from "~/trpc/react";

/** While a batch runs, how often its progress is read again. */
const PROGRESS_REFRESH_MS = 1_000;
/** Rows with problems shown at once; the rest are counted. */
const SHOWN_PROBLEM_ROWS = 200;

const KIND_LABELS: Record<BatchOrderKind, string> = { data: "Data", airtime: "Airtime", bill: "Bills" };
const STATUS_TONES: Record<string, BadgeTone> = { accepted: "neutral", running: "warning", completed: "success" };

function defaultReference(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `batch-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}

export function BatchesPanel() {
  const [following, setFollowing] = useState<string | null>(null);
  return (
    <div className="mt-6 space-y-6">
      <UploadBatch onConfirmed={setFollowing} />
      {following && <BatchProgress batchReference={following} />}
      <PastBatches onOpen={setFollowing} />
    </div>
  );
}

interface Upload {
  kind: BatchOrderKind;
  batchReference: string;
  csv: string;
}

function UploadBatch({ onConfirmed }: { onConfirmed: (batchReference: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<BatchOrderKind>("data");
  // Made up when the person leaves it empty, at Preview: a time-based default rendered on the server
  // would differ from the browser's and break hydration.
  const [batchReference, setBatchReference] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  const preview = useMutation(trpc.batches.preview.mutationOptions());
  const create = useMutation(trpc.batches.create.mutationOptions());

  async function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.reset();
    if (!file) {
      setFieldError({ file: "Choose the CSV file to upload." });
      return;
    }
    setFieldError({});
    const reference = batchReference.trim() || defaultReference();
    setBatchReference(reference);
    const next = { kind, batchReference: reference, csv: await file.text() };
    setUpload(next);
    preview.mutate(next, { onError: (error) => setFieldError(fieldErrorsOf(error)) });
  }

  function onConfirm() {
    if (!upload) return;
    create.mutate(upload, {
      onSuccess: (batch) => {
        void queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });
        preview.reset();
        setFile(null);
        setBatchReference("");
        onConfirmed(batch.batchReference);
      },
    });
  }

  const result = preview.data;
  const fileProblems = result?.problems ?? [];
  const canConfirm = result && result.rowsWithProblems.length === 0 && fileProblems.length === 0 && result.amount <= result.balance;

  return (
    <Panel
      id={`${id}-heading`}
      title="New batch"
      description="Up to 5,000 orders of one kind. Leave clientReference empty and each row gets one of its own (the batch reference and the row's number)."
    >
      <form onSubmit={(event) => void onPreview(event)} noValidate aria-label="Upload a batch" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${id}-kind`} className={labelClass}>
              Kind
            </label>
            <select
              id={`${id}-kind`}
              className={inputClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as BatchOrderKind)}
            >
              {BATCH_ORDER_KINDS.map((option) => (
                <option key={option} value={option}>
                  {KIND_LABELS[option]}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-500">
              Columns: {BATCH_CSV_COLUMNS[kind].join(", ")}.{" "}
              <a className={linkClass} href={`/api/portal/batch-templates/${kind}`} download>
                Download the {KIND_LABELS[kind].toLowerCase()} template
              </a>
            </p>
          </div>
          <TextField
            id={`${id}-reference`}
            label="Batch reference"
            hint="Yours, or left empty for one made from the date and time; the same reference with the same file is the same batch."
            error={fieldError.batchReference ?? null}
            value={batchReference}
            onChange={(event) => setBatchReference(event.target.value)}
          />
          <div>
            <label htmlFor={`${id}-file`} className={labelClass}>
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block w-full text-sm"
              aria-describedby={fieldError.file || fieldError.csv ? `${id}-file-error` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                preview.reset();
              }}
            />
            {(fieldError.file ?? fieldError.csv) && (
              <p id={`${id}-file-error`} className="mt-1 text-sm text-red-700">
                {fieldError.file ?? `The file ${fieldError.csv}.`}
              </p>
            )}
          </div>
        </div>
        {preview.error && !Object.keys(fieldErrorsOf(preview.error)).length && <ErrorAlert>{describeError(preview.error)}</ErrorAlert>}
        <button type="submit" disabled={preview.isPending} className={buttonClass("secondary")}>
          {preview.isPending ? "Checking…" : "Preview"}
        </button>
      </form>

      {result && (
        <section aria-label="Preview" className="mt-6 space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">Orders</dt>
              <dd className="font-semibold" data-testid="preview-orders">
                {result.orderCount.toLocaleString("en-NG")}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Rows with problems</dt>
              <dd className="font-semibold" data-testid="preview-problem-rows">
                {result.rowsWithProblems.length.toLocaleString("en-NG")}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Total</dt>
              <dd className="font-semibold" data-testid="preview-total">
                {formatNaira(result.amount)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Balance</dt>
              <dd className={`font-semibold ${result.amount > result.balance ? "text-red-700" : ""}`} data-testid="preview-balance">
                {formatNaira(result.balance)}
              </dd>
            </div>
          </dl>
          {fileProblems.map((problem) => (
            <ErrorAlert key={problem.name}>
              {problem.name === "file" ? "The file" : problem.name} {problem.reason}.
            </ErrorAlert>
          ))}
          {result.knownReferences > 0 && (
            <Notice tone="info">
              {result.knownReferences} row{result.knownReferences === 1 ? "'s" : "s'"} clientReference is already in use: those orders are
              not bought again (the earlier purchase stands), and are not counted in the total.
            </Notice>
          )}
          {result.amount > result.balance && (
            <ErrorAlert>Your balance does not cover this batch&apos;s total. Fund your wallet, or upload fewer rows.</ErrorAlert>
          )}
          {result.rowsWithProblems.length > 0 && (
            <DataTable label="Rows with problems" columns={[{ label: "Line" }, { label: "Client reference" }, { label: "Problem" }]}>
              {result.rowsWithProblems.slice(0, SHOWN_PROBLEM_ROWS).map((row) => (
                <tr key={row.line}>
                  <td className={cellClass}>{row.line}</td>
                  <td className={cellClass}>{row.clientReference ?? "—"}</td>
                  <td className="px-3 py-2">
                    {row.problems.map((problem) => (
                      <div key={problem.column}>
                        <span className="font-medium">{problem.column}</span> {problem.reason}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {result.rowsWithProblems.length > SHOWN_PROBLEM_ROWS && (
            <p className="text-sm text-slate-600">
              And {result.rowsWithProblems.length - SHOWN_PROBLEM_ROWS} more rows with problems: fix these and preview again.
            </p>
          )}
          {create.error && <ErrorAlert>{describeError(create.error)}</ErrorAlert>}
          <button type="button" disabled={!canConfirm || create.isPending} className={buttonClass("primary")} onClick={onConfirm}>
            {create.isPending ? "Confirming…" : `Confirm and buy ${result.orderCount.toLocaleString("en-NG")} orders`}
          </button>
        </section>
      )}
    </Panel>
  );
}

function BatchProgress({ batchReference }: { batchReference: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const batch = useQuery(
    trpc.batches.byReference.queryOptions(
      { batchReference },
      {
        refetchInterval: (query) => {
          const status = query.state.data?.status;
          if (status === "completed") void queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });
          return status === "completed" ? false : PROGRESS_REFRESH_MS;
        },
      },
    ),
  );
  return (
    <Panel id={`${id}-heading`} title={`Batch ${batchReference}`}>
      <QueryStates query={batch} loading={<Loading>Loading the batch…</Loading>} what="the batch">
        {(view) => {
          const done = view.counts.successful + view.counts.failed;
          return (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <Badge tone={STATUS_TONES[view.status] ?? "neutral"}>{view.status}</Badge>
                <span data-testid="batch-done">
                  {done.toLocaleString("en-NG")} of {view.counts.total.toLocaleString("en-NG")} done
                </span>
              </div>
              {/* The native element: no inline style, which the CSP refuses. */}
              <progress
                aria-label="Orders done"
                value={done}
                max={Math.max(view.counts.total, 1)}
                className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-emerald-600"
              />
              <dl className="grid gap-3 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500">Successful</dt>
                  <dd data-testid="batch-successful">{view.counts.successful.toLocaleString("en-NG")}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Failed</dt>
                  <dd data-testid="batch-failed">{view.counts.failed.toLocaleString("en-NG")}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Pending</dt>
                  <dd data-testid="batch-pending">{view.counts.pending.toLocaleString("en-NG")}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Spent</dt>
                  <dd data-testid="batch-spent">{formatNaira(view.spent)}</dd>
                </div>
              </dl>
              {view.stoppedReason === "wallet.insufficient_funds" && (
                <ErrorAlert>
                  Your wallet ran out mid-batch: the orders not yet bought failed, uncharged. Fund it and upload them again.
                </ErrorAlert>
              )}
              {view.status === "completed" && (
                <a
                  className={buttonClass("primary")}
                  href={`/api/portal/batch-results/${encodeURIComponent(view.batchReference)}`}
                  download
                >
                  Download results (CSV)
                </a>
              )}
            </div>
          );
        }}
      </QueryStates>
    </Panel>
  );
}

function PastBatches({ onOpen }: { onOpen: (batchReference: string) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const batches = useQuery(trpc.batches.list.queryOptions({}));
  return (
    <Panel id={`${id}-heading`} title="Past batches">
      <QueryStates query={batches} loading={<Loading>Loading batches…</Loading>} what="your batches">
        {({ data }) =>
          data.length === 0 ? (
            <Empty>No batches yet.</Empty>
          ) : (
            <DataTable
              label="Past batches"
              columns={[
                { label: "Reference" },
                { label: "Status" },
                { label: "Orders" },
                { label: "Successful" },
                { label: "Failed" },
                { label: "Spent", align: "right" },
                { label: "Actions", hidden: true },
              ]}
            >
              {data.map((batch) => (
                <tr key={batch.id}>
                  <td className={cellClass}>{batch.batchReference}</td>
                  <td className={cellClass}>
                    <Badge tone={STATUS_TONES[batch.status] ?? "neutral"}>{batch.status}</Badge>
                  </td>
                  <td className={cellClass}>{batch.counts.total.toLocaleString("en-NG")}</td>
                  <td className={cellClass}>{batch.counts.successful.toLocaleString("en-NG")}</td>
                  <td className={cellClass}>{batch.counts.failed.toLocaleString("en-NG")}</td>
                  <td className={`${cellClass} text-right`}>{formatNaira(batch.spent)}</td>
                  <td className={cellClass}>
                    <button type="button" className={linkClass} onClick={() => onOpen(batch.batchReference)}>
                      Open
                    </button>{" "}
                    {batch.status === "completed" && (
                      <a className={linkClass} href={`/api/portal/batch-results/${encodeURIComponent(batch.batchReference)}`} download>
                        Results
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryStates>
    </Panel>
  );
}
