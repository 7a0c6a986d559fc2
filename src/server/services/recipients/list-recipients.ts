/**
 * The numbers the Buy forms offer: the account's saved recipients by name, and the numbers it bought
 * data or airtime for lately (newest first, saved ones left out), in the mode the user is in (Test data
 * shows the test purchases' numbers). The recent ones come from the account's latest transactions
 * (the account_id, created_at index), never a scan of its history.
 */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { recipientsAccountId } from "./recipients-account";

/** How many of the latest purchases are looked at for recent numbers, and how many numbers are offered. */
const RECENT_PURCHASES_READ = 100;
export const RECENT_RECIPIENTS = 5;

export interface Recipients {
  saved: { phone: string; name: string }[];
  recent: { phone: string; lastBoughtAt: Date }[];
}

export async function listRecipients(actor: Actor): Promise<Recipients> {
  const { accountId, livemode } = recipientsAccountId(actor);
  const [saved, latest] = await Promise.all([
    db.savedRecipient.findMany({ where: { accountId }, select: { phone: true, name: true }, orderBy: [{ name: "asc" }, { phone: "asc" }] }),
    db.transaction.findMany({
      where: { accountId, livemode, service: { in: ["DATA", "AIRTIME"] } },
      select: { recipient: true, createdAt: true },
      orderBy: { createdAt: "desc" },
      take: RECENT_PURCHASES_READ,
    }),
  ]);
  const savedPhones = new Set(saved.map((each) => each.phone));
  const recent: Recipients["recent"] = [];
  for (const purchase of latest) {
    if (recent.length >= RECENT_RECIPIENTS) break;
    if (savedPhones.has(purchase.recipient) || recent.some((each) => each.phone === purchase.recipient)) continue;
    recent.push({ phone: purchase.recipient, lastBoughtAt: purchase.createdAt });
  }
  return { saved, recent };
}
