const STYLES: Record<string, string> = {
  successful: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  failed: "bg-red-50 text-red-800 ring-red-600/20",
};

/** A transaction status as a badge; the word is always shown, colour only reinforces it. */
export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[key] ?? "bg-slate-50 text-slate-700 ring-slate-500/20"}`}>
      {key.charAt(0).toUpperCase() + key.slice(1)}
    </span>
  );
}
