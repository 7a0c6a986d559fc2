/**
 * Saved and recent recipients against real PostgreSQL: numbers read as purchases read them, one name
 * per number, recent numbers from the latest data and airtime purchases of the user's mode, and each
 * account's own.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { rejection } from "~/test/fixtures";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { listRecipients, RECENT_RECIPIENTS } from "./list-recipients";
import { removeRecipient } from "./remove-recipient";
import { saveRecipient } from "./save-recipient";

function member(accountId: string, role: "OWNER" | "STAFF" = "STAFF", livemode = true): Actor {
  return { kind: "user", userId: crypto.randomUUID(), email: "someone@example.test", role, accountId, sourceIp: "127.0.0.1", livemode };
}

async function bought(
  accountId: string,
  recipient: string,
  at: string,
  options: { service?: "DATA" | "AIRTIME" | "ELECTRICITY"; livemode?: boolean } = {},
) {
  await db.transaction.create({
    data: {
      accountId,
      clientReference: reference("recipient"),
      service: options.service ?? "DATA",
      status: "SUCCESSFUL",
      orderFingerprint: "test",
      recipient,
      amount: 28_000n,
      channel: "PORTAL",
      sourceIp: "127.0.0.1",
      livemode: options.livemode ?? true,
      createdAt: new Date(at),
    },
  });
}

describe("saved recipients", () => {
  it("save a number as purchases read it, rename it when saved again, and list by name", async () => {
    const { accountId } = await fundedAccount(0n);
    const staff = member(accountId);
    expect(await saveRecipient(staff, { phone: "0803 123 4567", name: "  Mama Ngozi " })).toEqual({
      phone: "08031234567",
      name: "Mama Ngozi",
    });
    await saveRecipient(member(accountId, "OWNER"), { phone: "+234 805 000 1111", name: "Aliyu (shop)" });
    await saveRecipient(staff, { phone: "08031234567", name: "Ngozi" });
    expect((await listRecipients(staff)).saved).toEqual([
      { phone: "08050001111", name: "Aliyu (shop)" },
      { phone: "08031234567", name: "Ngozi" },
    ]);
    expect(await db.savedRecipient.count({ where: { accountId } })).toBe(2);

    expect(await removeRecipient(staff, { phone: "0805-000-1111" })).toEqual({ phone: "08050001111", removed: true });
    expect(await removeRecipient(staff, { phone: "08050001111" })).toEqual({ phone: "08050001111", removed: false });
    expect((await listRecipients(staff)).saved).toEqual([{ phone: "08031234567", name: "Ngozi" }]);
  });

  it("refuse a number that is not one and a missing name, by field, saving nothing", async () => {
    const { accountId } = await fundedAccount(0n);
    const badPhone = await rejection(saveRecipient(member(accountId), { phone: "12345", name: "Someone" }));
    expect(badPhone.code).toBe("validation.failed");
    expect(badPhone.fieldErrors?.map((problem) => problem.name)).toEqual(["phone"]);
    const noName = await rejection(saveRecipient(member(accountId), { phone: "08031234567", name: "   " }));
    expect(noName.fieldErrors?.map((problem) => problem.name)).toEqual(["name"]);
    expect(await db.savedRecipient.count({ where: { accountId } })).toBe(0);
  });

  it("offer the latest data and airtime numbers of the user's mode, newest first, without the saved ones", async () => {
    const { accountId } = await fundedAccount(0n);
    await bought(accountId, "08030000001", "2026-11-01T10:00:00Z");
    await bought(accountId, "08030000002", "2026-11-02T10:00:00Z", { service: "AIRTIME" });
    await bought(accountId, "08030000001", "2026-11-03T10:00:00Z");
    await bought(accountId, "45012345678", "2026-11-04T10:00:00Z", { service: "ELECTRICITY" }); // a meter: not a phone
    await bought(accountId, "08030000003", "2026-11-05T10:00:00Z");
    await bought(accountId, "08039999999", "2026-11-06T10:00:00Z", { livemode: false }); // a test purchase
    await saveRecipient(member(accountId), { phone: "08030000003", name: "Saved already" });

    const live = await listRecipients(member(accountId));
    expect(live.recent.map((each) => each.phone)).toEqual(["08030000001", "08030000002"]);
    expect(live.recent[0]?.lastBoughtAt).toEqual(new Date("2026-11-03T10:00:00Z"));
    expect((await listRecipients(member(accountId, "STAFF", false))).recent.map((each) => each.phone)).toEqual(["08039999999"]);

    for (let index = 10; index < 10 + RECENT_RECIPIENTS + 2; index += 1)
      await bought(accountId, `080300000${index}`, `2026-11-10T10:${index}:00Z`);
    expect((await listRecipients(member(accountId))).recent).toHaveLength(RECENT_RECIPIENTS);
  });

  it("keep each account's own, and turn away operators and API keys", async () => {
    const own = await fundedAccount(0n);
    const other = await fundedAccount(0n);
    await saveRecipient(member(other.accountId), { phone: "08031234567", name: "Theirs" });
    expect((await listRecipients(member(own.accountId))).saved).toEqual([]);
    await removeRecipient(member(own.accountId), { phone: "08031234567" });
    expect(await db.savedRecipient.count({ where: { accountId: other.accountId } })).toBe(1);

    const operator: Actor = {
      kind: "user",
      userId: crypto.randomUUID(),
      email: "op@example.test",
      role: "OPERATOR",
      accountId: null,
      sourceIp: null,
    };
    expect((await rejection(listRecipients(operator))).code).toBe("forbidden");
    expect((await rejection(saveRecipient(own.actor, { phone: "08031234567", name: "Key" }))).code).toBe("forbidden");
  });
});
