import Link from "next/link";
import { formatNaira } from "~/components/money";
import { cardClass } from "~/components/ui/panel";

export function BalanceCard({ balance }: { balance: bigint }) {
  return (
    <section aria-labelledby="balance-heading" className={cardClass}>
      <h2 id="balance-heading" className="text-sm font-medium text-slate-500">
        Wallet balance
      </h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="balance">
        {formatNaira(balance)}
      </p>
      {/* The two things a balance leads to, side by side: spending it and topping it up (owner and staff both may). */}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/buy" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Buy something
        </Link>
        <Link href="/fund-wallet" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
          Fund wallet
        </Link>
      </p>
    </section>
  );
}
