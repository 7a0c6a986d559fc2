/**
 * What was delivered (docs/integrating.md "What was delivered") reaches the reseller everywhere a Transaction
 * appears, the same each time: the purchase's answer, GET /api/v1/transactions/{clientReference}, the
 * webhook event, the portal's transaction page; and a purchase settled later by the reconciler's requery
 * gets it too. Bought from the sandbox, which hands over what each product delivers.
 */
import { describe, expect, it } from "vitest";
import { webhookEvent } from "~/schemas/webhooks";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { getPortalTransaction } from "~/server/services/transactions/get-portal-transaction";
import { getTransaction } from "~/server/services/transactions/get-transaction";
import { listWebhookEvents } from "~/server/services/webhooks/list-webhook-events";
import { operator } from "~/test/fixtures";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { payBill } from "./pay-bill";
import { purchaseData } from "./purchase-data";
import type { TransactionView } from "./transaction-view";

const json = (view: TransactionView) => ({ ...view, amount: Number(view.amount) });

async function expectTheSameEverywhere(accountId: string, actor: Parameters<typeof getTransaction>[0], bought: TransactionView) {
  const rest = await getTransaction(actor, undefined, bought.clientReference);
  expect(rest).toEqual(bought);
  const portal = await getPortalTransaction(operator, { id: bought.id });
  expect(portal).toMatchObject({ token: bought.token, pins: bought.pins, units: bought.units, bonusToken: bought.bonusToken });
  const events = await listWebhookEvents(operator, accountId, { type: "transaction.successful", limit: 100 });
  const event = events.data.find((candidate) => candidate.data.id === bought.id);
  expect(webhookEvent.safeParse(event).success).toBe(true);
  expect(event!.data).toEqual(json(rest));
}

describe("what was delivered", () => {
  it("a WAEC card, a Spectranet voucher, Eko's token with its bonus token and units: the same in every place", async () => {
    const { accountId, actor } = await fundedAccount(10_000_000n);
    const waec = (
      await payBill(actor, "education", { clientReference: reference("waec"), planId: "waec-result-checker", customerId: "cand-1" })
    ).transaction;
    expect(waec).toMatchObject({ status: "successful", token: waec.pins?.[0]?.pin, units: null, bonusToken: null });
    expect(waec.pins).toEqual([{ serial: expect.stringMatching(/^WRN\d{9}$/), pin: expect.stringMatching(/^\d{12}$/) }]);

    const spectranet = (
      await payBill(actor, "broadband", { clientReference: reference("spn"), planId: "spectranet-20gb-30d", customerId: "1212121212" })
    ).transaction;
    expect(spectranet.pins).toEqual([{ serial: expect.stringMatching(/^SPN\d{8}$/), pin: spectranet.token }]);

    const eko = (
      await payBill(actor, "electricity", {
        clientReference: reference("eko"),
        planId: "eko-electric-prepaid",
        customerId: "0101150290001",
        amount: 250_000,
      })
    ).transaction;
    expect(eko).toMatchObject({
      token: expect.stringMatching(/^\d{20}$/),
      bonusToken: expect.stringMatching(/^\d{20}$/),
      units: "40.0 kWh",
    });
    expect(eko.pins).toBeNull();

    const data = (await purchaseData(actor, { clientReference: reference("data"), planId: "mtn-1gb-30d", phone: "08031234567" }))
      .transaction;
    expect(data).toMatchObject({ token: null, pins: null, units: null, bonusToken: null });

    for (const bought of [waec, spectranet, eko, data]) await expectTheSameEverywhere(accountId, actor, bought);
  });

  it("a voucher that settles later, by the reconciler's requery, is delivered then", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const pending = (
      await payBill(actor, "education", { clientReference: reference("later"), planId: "waec-result-checker", customerId: "08051231111" })
    ).transaction;
    expect(pending).toMatchObject({ status: "pending", token: null, pins: null });
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const settled = await getTransaction(actor, undefined, pending.clientReference);
    expect(settled).toMatchObject({ status: "successful", token: settled.pins?.[0]?.pin });
    expect(settled.pins).toEqual([{ serial: expect.stringMatching(/^WRN\d{9}$/), pin: expect.stringMatching(/^\d{12}$/) }]);
    await expectTheSameEverywhere(accountId, actor, settled);
  });
});
