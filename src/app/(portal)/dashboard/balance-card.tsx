import Link from "next/link";
import { formatNaira } from "~/components/money";

export function BalanceCard({ balance }: { balance: bigint }) {
  return (
    <section aria-labelledby="balance-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="balance-heading" className="text-sm font-medium text-slate-500">
        Wallet balance
      </h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="balance">
        {formatNaira(balance)}
      </p>
      <Link href="/buy" className="mt-3 inline-block text-sm font-medium text-emerald-800 underline-offset-2 hover:underline">
        Buy something
      </Link>
    </section>
  );
}
