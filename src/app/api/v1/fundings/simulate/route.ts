import { simulateFundingOperation } from "~/server/api/funding/simulate-funding";
import { apiRoute } from "~/server/rest/api-route";
import { simulateBankTransfer } from "~/server/services/funding/simulate-bank-transfer";

export const POST = apiRoute(simulateFundingOperation.request, async ({ actor, body }) => {
  const funding = await simulateBankTransfer(actor, actor.accountId, body);
  return { status: 201, body: funding, log: { fundingId: funding.id } };
});
