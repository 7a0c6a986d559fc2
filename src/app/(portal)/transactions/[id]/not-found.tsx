import Link from "next/link";

export default function TransactionNotFound() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">Transaction not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        There is no transaction with this id in your account. It may have been mistyped, or belong to another account.
      </p>
      <Link
        href="/transactions"
        className="mt-4 inline-block rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
      >
        Back to transactions
      </Link>
    </div>
  );
}
