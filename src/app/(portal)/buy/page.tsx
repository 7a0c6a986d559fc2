import { redirect } from "next/navigation";

/** Data is what resellers sell most; the other kinds are one tab away. */
export default function BuyPage() {
  redirect("/buy/data");
}
