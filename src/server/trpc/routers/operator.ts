/**
 * The operator console (DESIGN §2: operators act across accounts). Every procedure is an
 * operatorProcedure, so OWNER and STAFF are refused before any input is read; each then calls the same
 * service the operator CLI calls, which checks operator rights again and writes the audit entry with
 * the signed-in operator's e-mail and source address.
 */
import { accountScopeInput, setUserDisabledInput } from "~/schemas/account-admin";
import {
  addAccountUserInput,
  allowlistEntryInput,
  createAccountInput,
  fundWalletInput,
  revokeApiKeyInput,
  setAllowlistRequiredInput,
  setProductCatalogInput,
} from "~/schemas/operator";
import { getAccountOverviewInput, listAuditLogInput, searchAccountsInput } from "~/schemas/operator-console";
import { createAccount } from "~/server/services/accounts/create-account";
import { getAccountOverview } from "~/server/services/accounts/get-account-overview";
import { searchAccounts } from "~/server/services/accounts/search-accounts";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { getAllowlistStatus } from "~/server/services/allowlist/get-allowlist-status";
import { removeAllowlistEntry } from "~/server/services/allowlist/remove-allowlist-entry";
import { setAllowlistRequired } from "~/server/services/allowlist/set-allowlist-required";
import { listApiKeys } from "~/server/services/api-keys/list-api-keys";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { listAuditLog } from "~/server/services/audit/list-audit-log";
import { setProductCatalog } from "~/server/services/catalog/set-product-catalog";
import { getUpstreamBalance } from "~/server/services/upstream/get-upstream-balance";
import { createUser } from "~/server/services/users/create-user";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { createTRPCRouter, operatorProcedure } from "~/server/trpc/init";

export const operatorRouter = createTRPCRouter({
  searchAccounts: operatorProcedure.input(searchAccountsInput).query(({ ctx, input }) => searchAccounts(ctx.actor, input)),

  createAccount: operatorProcedure.input(createAccountInput).mutation(({ ctx, input }) => createAccount(ctx.actor, input)),

  account: operatorProcedure.input(getAccountOverviewInput).query(({ ctx, input }) => getAccountOverview(ctx.actor, input)),

  fundWallet: operatorProcedure.input(fundWalletInput).mutation(({ ctx, input }) => fundWallet(ctx.actor, input)),

  allowlist: operatorProcedure.input(accountScopeInput).query(({ ctx, input }) => getAllowlistStatus(ctx.actor, input)),

  addAllowlistEntry: operatorProcedure.input(allowlistEntryInput).mutation(({ ctx, input }) => addAllowlistEntry(ctx.actor, input)),

  removeAllowlistEntry: operatorProcedure.input(allowlistEntryInput).mutation(({ ctx, input }) => removeAllowlistEntry(ctx.actor, input)),

  setAllowlistRequired: operatorProcedure
    .input(setAllowlistRequiredInput)
    .mutation(({ ctx, input }) => setAllowlistRequired(ctx.actor, input)),

  setProductCatalog: operatorProcedure.input(setProductCatalogInput).mutation(({ ctx, input }) => setProductCatalog(ctx.actor, input)),

  apiKeys: operatorProcedure.input(accountScopeInput).query(({ ctx, input }) => listApiKeys(ctx.actor, input)),

  revokeApiKey: operatorProcedure.input(revokeApiKeyInput).mutation(({ ctx, input }) => revokeApiKey(ctx.actor, input)),

  users: operatorProcedure.input(accountScopeInput).query(({ ctx, input }) => listAccountUsers(ctx.actor, input)),

  addUser: operatorProcedure.input(addAccountUserInput).mutation(({ ctx, input }) => createUser(ctx.actor, input)),

  setUserDisabled: operatorProcedure.input(setUserDisabledInput).mutation(({ ctx, input }) => setUserDisabled(ctx.actor, input)),

  auditLog: operatorProcedure.input(listAuditLogInput).query(({ ctx, input }) => listAuditLog(ctx.actor, input)),

  upstreamBalance: operatorProcedure.query(({ ctx }) => getUpstreamBalance(ctx.actor)),
});
