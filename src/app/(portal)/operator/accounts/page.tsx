import { redirect } from "next/navigation";

/** The account list lives at /operator; this keeps /operator/accounts (the parent of each account page) useful. */
export default function OperatorAccountsIndex() {
  redirect("/operator");
}
