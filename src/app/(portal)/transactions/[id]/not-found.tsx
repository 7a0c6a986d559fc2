import Link from "next/link";
import { buttonClass } from "~/components/ui/buttons";
import { MessageCard } from "~/components/ui/panel";

export default function TransactionNotFound() {
  return (
    <MessageCard
      id="transaction-not-found-heading"
      title="Transaction not found"
      action={
        <Link href="/transactions" className={buttonClass("primary")}>
          Back to transactions
        </Link>
      }
    >
      There is no transaction with this id in your account. It may have been mistyped, or belong to another account.
    </MessageCard>
  );
}
