import { listFundingAccountsOperation } from "~/server/api/funding/list-funding-accounts";
import { apiRoute } from "~/server/rest/api-route";
import { listFundingAccounts } from "~/server/services/funding/list-funding-accounts";

export const GET = apiRoute(listFundingAccountsOperation.request, async ({ actor }) => ({
  body: await listFundingAccounts(actor, actor.accountId),
}));
