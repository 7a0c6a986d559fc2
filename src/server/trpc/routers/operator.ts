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
  manualFundingInput,
  revokeApiKeyInput,
  setAllowlistRequiredInput,
  setProductCatalogInput,
} from "~/schemas/operator";
import { userIdInput } from "~/schemas/security";
import { getAccountOverviewInput, listAuditLogInput, searchAccountsInput } from "~/schemas/operator-console";
import { countSearchedTransactionsInput, searchTransactionsInput } from "~/schemas/portal-transactions";
import {
  productRoutesInput,
  readUpstreamBalancesInput,
  setProductRoutesInput,
  setRouteEnabledInput,
  setUpstreamEnabledInput,
  setUpstreamFloorInput,
} from "~/schemas/routing";
import {
  assignBankTransferInput,
  listBankTransfersInput,
  listFundingsQuery,
  requestFundingAccountInput,
  returnBankTransferInput,
} from "~/schemas/funding";
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
import { getProductRoutes } from "~/server/services/routing/get-product-routes";
import { getUpstreamHealth } from "~/server/services/routing/get-upstream-health";
import { setProductRoutes } from "~/server/services/routing/set-product-routes";
import { setRouteEnabled } from "~/server/services/routing/set-route-enabled";
import { setUpstreamEnabled } from "~/server/services/routing/set-upstream-enabled";
import { setUpstreamFloor } from "~/server/services/routing/set-upstream-floor";
import { resetUserTwoFactor } from "~/server/services/security/reset-user-two-factor";
import { readUpstreamBalances } from "~/server/services/upstream/read-upstream-balances";
import { createUser } from "~/server/services/users/create-user";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { listOperators } from "~/server/services/users/list-operators";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { setUserPassword } from "~/server/services/users/set-user-password";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { assignBankTransfer } from "~/server/services/funding/assign-bank-transfer";
import { listBankTransfers } from "~/server/services/funding/list-bank-transfers";
import { listFundingAccounts } from "~/server/services/funding/list-funding-accounts";
import { listFundings } from "~/server/services/funding/list-fundings";
import { requestFundingAccount } from "~/server/services/funding/request-funding-account";
import { returnBankTransfer } from "~/server/services/funding/return-bank-transfer";
import { countSearchedTransactions } from "~/server/services/transactions/count-searched-transactions";
import { searchTransactions } from "~/server/services/transactions/search-transactions";
import { createTRPCRouter, operatorCall, operatorProcedure } from "~/server/trpc/init";

export const operatorRouter = createTRPCRouter({
  searchAccounts: operatorCall.query(searchAccountsInput, searchAccounts),

  /** Every account's live transactions, searched by anything support is told (docs/operating.md "Finding a transaction"). */
  searchTransactions: operatorCall.query(searchTransactionsInput, searchTransactions),
  /** How many the search matches, up to a cap: asked apart, so the page never waits for it. */
  countSearchedTransactions: operatorCall.query(countSearchedTransactionsInput, countSearchedTransactions),

  createAccount: operatorCall.mutation(createAccountInput, createAccount),

  account: operatorCall.query(getAccountOverviewInput, getAccountOverview),

  // The console's manual funding requires a reference (the CLI's keeps it optional, DESIGN.md §4.1).
  fundWallet: operatorCall.mutation(manualFundingInput, fundWallet),

  fundingAccounts: operatorCall.query(accountScopeInput, (actor, { accountId }) => listFundingAccounts(actor, accountId)),

  fundings: operatorCall.query(accountScopeInput.extend(listFundingsQuery.shape), (actor, { accountId, ...query }) =>
    listFundings(actor, accountId, query),
  ),

  requestFundingAccount: operatorCall.mutation(requestFundingAccountInput, requestFundingAccount),

  bankTransfers: operatorCall.query(listBankTransfersInput, listBankTransfers),

  assignBankTransfer: operatorCall.mutation(assignBankTransferInput, assignBankTransfer),

  returnBankTransfer: operatorCall.mutation(returnBankTransferInput, returnBankTransfer),

  allowlist: operatorCall.query(accountScopeInput, getAllowlistStatus),

  addAllowlistEntry: operatorCall.mutation(allowlistEntryInput, addAllowlistEntry),

  removeAllowlistEntry: operatorCall.mutation(allowlistEntryInput, removeAllowlistEntry),

  setAllowlistRequired: operatorCall.mutation(setAllowlistRequiredInput, setAllowlistRequired),

  setProductCatalog: operatorCall.mutation(setProductCatalogInput, setProductCatalog),

  apiKeys: operatorCall.query(accountScopeInput, listApiKeys),

  revokeApiKey: operatorCall.mutation(revokeApiKeyInput, revokeApiKey),

  users: operatorCall.query(accountScopeInput, listAccountUsers),

  addUser: operatorCall.mutation(addAccountUserInput, createUser),

  setUserDisabled: operatorCall.mutation(setUserDisabledInput, setUserDisabled),

  /** A temporary password for the user, shown once (the portal never sets a chosen or permanent one). */
  resetPassword: operatorCall.mutation(userIdInput, (actor, { userId }) => setUserPassword(actor, { userId })),

  resetTwoFactor: operatorCall.mutation(userIdInput, resetUserTwoFactor),

  operators: operatorProcedure.query(({ ctx }) => listOperators(ctx.actor)),

  auditLog: operatorCall.query(listAuditLogInput, listAuditLog),

  /** The Upstreams page and the landing's upstream wallets: what `upstream:health` prints (docs/operating.md "Upstream health"). */
  upstreamHealth: operatorProcedure.query(({ ctx }) => getUpstreamHealth(ctx.actor)),

  setUpstreamEnabled: operatorCall.mutation(setUpstreamEnabledInput, setUpstreamEnabled),

  setUpstreamFloor: operatorCall.mutation(setUpstreamFloorInput, setUpstreamFloor),

  /** "Read balances now": what the balance poll does, at once (`upstream:read-balance`). */
  readUpstreamBalances: operatorCall.mutation(readUpstreamBalancesInput, readUpstreamBalances),

  /** A product's routes page (docs/operating.md "Routes and failover"). */
  productRoutes: operatorCall.query(productRoutesInput, getProductRoutes),

  setProductRoutes: operatorCall.mutation(setProductRoutesInput, setProductRoutes),

  setRouteEnabled: operatorCall.mutation(setRouteEnabledInput, setRouteEnabled),
});
