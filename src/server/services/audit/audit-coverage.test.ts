/**
 * Every privileged change leaves an audit entry naming who made it. The lists are not written by hand
 * and hoped complete: every mutation procedure of the portal's tRPC router and every command of the
 * operator CLI must appear in the tables below, either with the audit action(s) it must produce or
 * with the reason it is not a privileged change. A mutation or command added later without an entry
 * here fails the first test of its block; one whose audit entry goes missing fails the second.
 *
 * Each step runs through the real entry point (the tRPC caller with a signed-in user, the CLI command
 * in-process with the CLI's actor) and must add exactly one audit entry, with the action expected and
 * the actor's type, id, label and source address.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { COMMANDS, type Flags } from "~/bin/admin-commands";
import type { Role } from "~/generated/prisma/enums";
import type { Actor } from "~/server/auth/actor";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createBillProduct } from "~/server/services/catalog/save-bill-product";
import { createNetwork } from "~/server/services/catalog/save-network";
import { createPlan } from "~/server/services/catalog/save-plan";
import { setProductRoutes } from "~/server/services/routing/set-product-routes";
import { createPriceList, setPriceListPrice } from "~/server/services/pricing/manage-price-lists";
import { setAccountPrice } from "~/server/services/pricing/set-account-price";
import { currentTotpCode } from "~/server/auth/totp";
import { confirmTwoFactorEnrolment } from "~/server/services/security/confirm-two-factor-enrolment";
import { startTwoFactorEnrolment } from "~/server/services/security/start-two-factor-enrolment";
import { startSession } from "~/server/services/sessions/start-session";
import { createStaffInvitation } from "~/server/services/invitations/create-staff-invitation";
import { createUser } from "~/server/services/users/create-user";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { createWebhookEndpoint } from "~/server/services/webhooks/manage-webhook-endpoints";
import { sendTestWebhook } from "~/server/services/webhooks/webhook-deliveries";
import { appRouter, createCaller } from "~/server/trpc/root";
import { startFakeVtpass } from "~/test/fake-vtpass";
import { setFundingSettingsForTests } from "~/server/providers/funding";
import { PaystackClient } from "~/server/providers/paystack/paystack-client";
import { PaystackFundingProvider } from "~/server/providers/paystack/paystack-funding-provider";
import { startFakePaystack } from "~/test/fake-paystack";
import { createAccountWithKey, operator as cli, uniqueName } from "~/test/fixtures";
import { ensureSandboxCatalog } from "~/test/purchase-fixtures";

const PASSWORD = "audit-coverage-password";

/** One call of the entry point and the audit action it must produce. */
interface Step {
  input: unknown;
  action: string;
  /** Who the entry names, when it is not the caller: a signed-out visitor is named by what they used. */
  actor?: { actorType: string; actorLabel: string; sourceIp: string | null };
}

interface Audited {
  kind: "audited";
  /**
   * Who calls it: the portal user role for a procedure (OWNER_TEST: the owner with Test data on), or a
   * signed-out visitor from ANONYMOUS_IP (CLI commands always run as the CLI).
   */
  as?: "OPERATOR" | "OWNER" | "OWNER_TEST" | "ANONYMOUS";
  /** The steps, given the caller (for ANONYMOUS, the account's owner, who made what the visitor uses). */
  steps: (fixture: Fixture, actor: UserActor) => Promise<Step[]>;
}

interface Exempt {
  kind: "exempt";
  reason: string;
}

type Coverage = Audited | Exempt;

interface Fixture {
  accountId: string;
  owner: UserActor;
}

/** Where a signed-out visitor's calls come from (the tRPC context's source address). */
const ANONYMOUS_IP = "192.0.2.77";

const audited = (as: Audited["as"], steps: Audited["steps"]): Audited => ({ kind: "audited", as, steps });
const exempt = (reason: string): Exempt => ({ kind: "exempt", reason });

const PURCHASE = exempt(
  "a purchase is the account's own business, not a privileged change: it is recorded as a transaction with its channel, user or key and source address, and its money as ledger entries",
);

async function staffOf(accountId: string): Promise<string> {
  const { userId } = await createUser(cli, { email: `${uniqueName("staff")}@audit.test`, password: PASSWORD, role: "STAFF", accountId });
  return userId;
}

/** The actor's two-factor secret, turned on first if it is not (with the code of the step before now). */
async function twoFactorSecretOf(actor: UserActor): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (user.totpEnabledAt && user.totpSecret) return user.totpSecret;
  const { secret } = await startTwoFactorEnrolment(actor);
  await confirmTwoFactorEnrolment(actor, { code: currentTotpCode(secret, Date.now() - 30_000), password: PASSWORD });
  return secret;
}

async function invitationOf(owner: UserActor) {
  return createStaffInvitation(owner, { accountId: owner.accountId!, email: `${uniqueName("invited")}@audit.test` });
}

async function keyOf(accountId: string): Promise<string> {
  return (await createApiKey(cli, { accountId, name: uniqueName("key") })).keyId;
}

// No worker runs in these tests: deliveries stay queued, and nothing is sent to this address.
const WEBHOOK_URL = "https://hooks.example.com/audited";

async function endpointOf(accountId: string): Promise<string> {
  return (await createWebhookEndpoint(cli, accountId, { url: WEBHOOK_URL })).id;
}

/** `active: false` for a row that an "activate" then changes (an edit that changes nothing leaves no entry). */
async function networkOf(active = true): Promise<string> {
  const id = uniqueName("net");
  await createNetwork(cli, { id, name: id, airtimeMinAmount: "5000", airtimeMaxAmount: "5000000", active });
  return id;
}

/** A new plan's fields (on a fresh network), as the console's form sends them. */
async function newPlan() {
  const id = uniqueName("plan");
  return {
    id,
    networkId: await networkOf(),
    name: id,
    price: "28000",
    pricingBasis: "SPECIAL",
    productId: id,
    validityDays: 30,
    class: "SME",
  } as const;
}

async function planOf(active = true): Promise<string> {
  const plan = await newPlan();
  await createPlan(cli, { ...plan, costPrice: "27000", active });
  return plan.id;
}

const NEW_BILL_PRODUCT = { service: "CABLE_TV", amountType: "FIXED", name: "Audited bouquet", biller: "DStv", price: "500000" } as const;

async function priceListOf(): Promise<string> {
  return (await createPriceList(cli, { name: uniqueName("List") })).id;
}

/** Points the funding services at a fake Paystack for one test (a request for an account asks it). */
async function withFakePaystack(): Promise<void> {
  const fake = await startFakePaystack();
  const client = new PaystackClient({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 5_000, retries: 0 });
  setFundingSettingsForTests({ provider: new PaystackFundingProvider(client) });
  onTestFinished(async () => {
    setFundingSettingsForTests(null);
    await fake.close();
  });
}

/** An account with an owner (Paystack names its customer after the owner). */
async function accountWithOwner(): Promise<string> {
  const { accountId } = await createAccountWithKey();
  await createUser(cli, { email: `${uniqueName("owner")}@audit.test`, password: PASSWORD, role: "OWNER", accountId });
  return accountId;
}

/** A bank transfer in the operators' queue. */
async function unmatchedTransfer(): Promise<string> {
  const transfer = await db.bankTransfer.create({
    data: {
      provider: "paystack",
      reference: uniqueName("T"),
      status: "UNMATCHED",
      amount: 100_000n,
      providerFee: 1_000n,
      channel: "dedicated_nuban",
      paidAt: new Date(),
      unmatchedReason: "No account of ours has this dedicated account or customer.",
      recordedVia: "webhook",
    },
  });
  return transfer.id;
}

/** Every mutation procedure of appRouter, by path. */
const PROCEDURES: Record<string, Coverage> = {
  "operator.createAccount": audited("OPERATOR", async () => [{ input: { name: uniqueName("audited") }, action: "account.create" }]),
  "operator.fundWallet": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, amount: "150000", reference: uniqueName("TRF") }, action: "wallet.fund" },
  ]),
  "operator.addAllowlistEntry": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, entry: "10.1.0.0/16" }, action: "allowlist.add" },
  ]),
  "operator.removeAllowlistEntry": audited("OPERATOR", async ({ accountId }) => {
    await addAllowlistEntry(cli, { accountId, entry: "10.2.0.0/16" });
    return [{ input: { accountId, entry: "10.2.0.0/16" }, action: "allowlist.remove" }];
  }),
  "operator.setAllowlistRequired": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, required: true }, action: "allowlist.require" },
    { input: { accountId, required: false }, action: "allowlist.require" },
  ]),
  "operator.setProductCatalog": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, on: true }, action: "catalog.set" },
    { input: { accountId, on: false }, action: "catalog.set" },
  ]),
  "operator.revokeApiKey": audited("OPERATOR", async ({ accountId }) => [
    { input: { keyId: await keyOf(accountId) }, action: "key.revoke" },
  ]),
  "operator.addUser": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, role: "OWNER", email: `${uniqueName("owner")}@audit.test`, password: PASSWORD }, action: "user.create" },
  ]),
  "operator.setUserDisabled": audited("OPERATOR", async ({ accountId }) => {
    const userId = await staffOf(accountId);
    return [
      { input: { userId, disabled: true }, action: "user.disable" },
      { input: { userId, disabled: false }, action: "user.enable" },
    ];
  }),
  "apiKeys.create": audited("OWNER", async () => [
    { input: { name: uniqueName("key") }, action: "key.create" },
    { input: { name: uniqueName("key"), mode: "test" }, action: "key.create" },
  ]),
  "apiKeys.revoke": audited("OWNER", async ({ accountId }) => [{ input: { keyId: await keyOf(accountId) }, action: "key.revoke" }]),
  "webhooks.create": audited("OWNER", async () => [{ input: { url: WEBHOOK_URL }, action: "webhook_endpoint.create" }]),
  "webhooks.update": audited("OWNER", async ({ accountId }) => [
    { input: { endpointId: await endpointOf(accountId), eventTypes: ["wallet.funded"] }, action: "webhook_endpoint.update" },
  ]),
  "webhooks.delete": audited("OWNER", async ({ accountId }) => [
    { input: { endpointId: await endpointOf(accountId) }, action: "webhook_endpoint.delete" },
  ]),
  "webhooks.rotateSecret": audited("OWNER", async ({ accountId }) => [
    { input: { endpointId: await endpointOf(accountId) }, action: "webhook_endpoint.rotate_secret" },
  ]),
  "webhooks.sendTest": audited("OWNER", async ({ accountId }) => [
    { input: { endpointId: await endpointOf(accountId) }, action: "webhook_endpoint.test" },
  ]),
  "webhooks.resendDelivery": audited("OWNER", async ({ accountId }) => {
    const endpointId = await endpointOf(accountId);
    const { eventId } = await sendTestWebhook(cli, endpointId);
    const { id } = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventId } });
    return [{ input: { endpointId, deliveryId: String(id) }, action: "webhook_endpoint.resend" }];
  }),
  "webhooks.resendFailed": audited("OWNER", async ({ accountId }) => [
    {
      input: { endpointId: await endpointOf(accountId), since: new Date(Date.now() - 3_600_000).toISOString() },
      action: "webhook_endpoint.resend",
    },
  ]),
  "webhooks.setLowBalanceThreshold": audited("OWNER", async () => [
    { input: { threshold: 500_000 }, action: "wallet.set_low_balance_threshold" },
    { input: { threshold: null }, action: "wallet.set_low_balance_threshold" },
  ]),
  "team.invite": audited("OWNER", async () => [{ input: { email: `${uniqueName("invited")}@audit.test` }, action: "invitation.create" }]),
  "team.revokeInvitation": audited("OWNER", async ({ owner }) => [
    { input: { invitationId: (await invitationOf(owner)).invitationId }, action: "invitation.revoke" },
  ]),
  "invitations.accept": audited("ANONYMOUS", async ({ owner }) => {
    const { token, email } = await invitationOf(owner);
    return [
      {
        input: { token, name: "Invited Person", password: PASSWORD },
        action: "invitation.accept",
        actor: { actorType: "USER", actorLabel: email, sourceIp: ANONYMOUS_IP },
      },
    ];
  }),
  "team.resetPassword": audited("OWNER", async ({ accountId }) => [
    { input: { userId: await staffOf(accountId) }, action: "user.password_reset" },
  ]),
  "team.resetTwoFactor": audited("OWNER", async ({ accountId }) => [
    { input: { userId: await staffOf(accountId) }, action: "user.two_factor_reset" },
  ]),
  "operator.resetPassword": audited("OPERATOR", async ({ accountId }) => [
    { input: { userId: await staffOf(accountId) }, action: "user.password_reset" },
  ]),
  "operator.resetTwoFactor": audited("OPERATOR", async ({ accountId }) => [
    { input: { userId: await staffOf(accountId) }, action: "user.two_factor_reset" },
  ]),
  "security.changePassword": audited("OWNER", async () => [
    { input: { currentPassword: PASSWORD, newPassword: "audit-coverage-changed" }, action: "user.password_change" },
  ]),
  "security.startTwoFactor": exempt("makes a secret that is not in force until a code confirms it; confirming is audited"),
  "security.confirmTwoFactor": audited("OPERATOR", async (_fixture, actor) => {
    const { secret } = await startTwoFactorEnrolment(actor);
    return [{ input: { code: currentTotpCode(secret, Date.now() - 30_000), password: PASSWORD }, action: "user.two_factor_enable" }];
  }),
  "security.regenerateRecoveryCodes": audited("OPERATOR", async (_fixture, actor) => [
    { input: { code: currentTotpCode(await twoFactorSecretOf(actor)) }, action: "user.recovery_codes_regenerate" },
  ]),
  "security.disableTwoFactor": audited("OPERATOR", async (_fixture, actor) => [
    { input: { code: currentTotpCode(await twoFactorSecretOf(actor), Date.now() + 30_000) }, action: "user.two_factor_disable" },
  ]),
  "security.endSession": audited("OWNER", async (_fixture, actor) => {
    const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId } });
    const sessionId = await startSession(user, "password", { sourceIp: null, userAgent: null });
    return [{ input: { sessionId }, action: "auth.session_end" }];
  }),
  "security.signOutEverywhere": audited("OWNER", async () => [{ input: undefined, action: "auth.sign_out_everywhere" }]),
  "team.setDisabled": audited("OWNER", async ({ accountId }) => {
    const userId = await staffOf(accountId);
    return [
      { input: { userId, disabled: true }, action: "user.disable" },
      { input: { userId, disabled: false }, action: "user.enable" },
    ];
  }),
  "catalog.createNetwork": audited("OPERATOR", async () => {
    const id = uniqueName("net");
    return [{ input: { id, name: id, airtimeMinAmount: "5000", airtimeMaxAmount: "5000000" }, action: "network.created" }];
  }),
  "catalog.updateNetwork": audited("OPERATOR", async () => [
    { input: { id: await networkOf(), active: false }, action: "network.updated" },
  ]),
  "catalog.createPlan": audited("OPERATOR", async () => [{ input: await newPlan(), action: "plan.created" }]),
  "catalog.updatePlan": audited("OPERATOR", async () => [{ input: { id: await planOf(), price: "30000" }, action: "plan.updated" }]),
  "catalog.createBillProduct": audited("OPERATOR", async () => {
    const id = uniqueName("bouquet");
    return [{ input: { ...NEW_BILL_PRODUCT, id, productId: id }, action: "bill_product.created" }];
  }),
  "catalog.updateBillProduct": audited("OPERATOR", async () => {
    const id = uniqueName("bouquet");
    await createBillProduct(cli, { ...NEW_BILL_PRODUCT, id, productId: id });
    return [{ input: { id, costPrice: "480000" }, action: "bill_product.updated" }];
  }),
  "catalog.createPriceList": audited("OPERATOR", async () => [{ input: { name: uniqueName("List") }, action: "price_list.created" }]),
  "catalog.renamePriceList": audited("OPERATOR", async () => [
    { input: { priceListId: await priceListOf(), name: uniqueName("Renamed") }, action: "price_list.renamed" },
  ]),
  "catalog.setPriceListPrice": audited("OPERATOR", async () => [
    { input: { priceListId: await priceListOf(), planId: await planOf(), price: "27000" }, action: "price_list.price_set" },
  ]),
  "catalog.assignPriceList": audited("OPERATOR", async ({ accountId }) => [
    { input: { accountId, priceListId: await priceListOf() }, action: "price_list.assigned" },
    { input: { accountId, priceListId: null }, action: "price_list.assigned" },
  ]),
  "catalog.setAccountPrice": audited("OPERATOR", async ({ accountId }) => {
    const planId = await planOf();
    return [
      { input: { accountId, planId, price: "26000" }, action: "price.account_set" },
      { input: { accountId, planId, price: null }, action: "price.account_set" },
    ];
  }),
  "operator.requestFundingAccount": audited("OPERATOR", async () => {
    await withFakePaystack();
    return [{ input: { accountId: await accountWithOwner(), phone: "08031234567" }, action: "funding_account.request" }];
  }),
  "operator.assignBankTransfer": audited("OPERATOR", async ({ accountId }) => [
    { input: { transferId: await unmatchedTransfer(), accountId, note: "the payer's receipt" }, action: "bank_transfer.assign" },
  ]),
  "operator.setUpstreamEnabled": audited("OPERATOR", async () => [
    { input: { provider: "http", enabled: false, reason: "maintenance" }, action: "upstream.disable" },
    { input: { provider: "http", enabled: true }, action: "upstream.enable" },
  ]),
  "operator.setUpstreamFloor": audited("OPERATOR", async () => [
    { input: { provider: "http", floor: 5_000_000 }, action: "upstream.floor" },
    { input: { provider: "http", floor: 0 }, action: "upstream.floor" },
  ]),
  "operator.readUpstreamBalances": exempt(
    "reads the upstreams' wallets and records them, as the balance poll does on its schedule; a floor crossing it finds is audited by system (upstream.below_floor, upstream.above_floor), decided by the upstream's answer rather than by the operator",
  ),
  // Networks of their own, not the sandbox catalog: catalog:sync's step below counts on the catalog it finds.
  "operator.setProductRoutes": audited("OPERATOR", async () => [
    {
      input: {
        service: "AIRTIME",
        productCode: await networkOf(),
        routes: [{ provider: "clubkonnect", upstreamService: "04", commissionBps: 300 }],
      },
      action: "routes.set",
    },
  ]),
  "operator.setRouteEnabled": audited("OPERATOR", async () => {
    const productCode = await networkOf();
    await setProductRoutes(cli, { service: "AIRTIME", productCode, routes: [{ provider: "clubkonnect", upstreamService: "03" }] });
    return [
      { input: { service: "AIRTIME", productCode, provider: "clubkonnect", enabled: false }, action: "route.disable" },
      { input: { service: "AIRTIME", productCode, provider: "clubkonnect", enabled: true }, action: "route.enable" },
    ];
  }),
  "operator.returnBankTransfer": audited("OPERATOR", async () => [
    { input: { transferId: await unmatchedTransfer(), note: "refunded on the Paystack dashboard" }, action: "bank_transfer.return" },
  ]),
  "funding.requestAccount": audited("OWNER", async () => {
    await withFakePaystack();
    return [{ input: { phone: "08031234567" }, action: "funding_account.request" }];
  }),
  "funding.simulateTransfer": audited("OWNER_TEST", async () => [{ input: { amount: 500_000 }, action: "test_wallet.simulated_transfer" }]),
  "testWallet.topUp": audited("OWNER", async () => [{ input: { amount: 500_000 }, action: "test_wallet.top_up" }]),
  "testWallet.reset": audited("OWNER", async () => [
    { input: {}, action: "test_wallet.reset" },
    { input: { balance: 0 }, action: "test_wallet.reset" },
  ]),
  "purchases.verifyCustomer": exempt("asks the biller for a customer's name; nothing is changed"),
  "purchases.buyData": PURCHASE,
  "recipients.save": exempt(
    "names a phone number in the account's own address book for its Buy forms; no money, access or setting changes",
  ),
  "recipients.remove": exempt("takes a number off the account's own address book for its Buy forms; no money, access or setting changes"),
  "purchases.buyAirtime": PURCHASE,
  "purchases.payBill": PURCHASE,
  "batches.preview": exempt("checks an uploaded file against the catalog and the balance; nothing is written"),
  // Each order is then bought as a purchase of the user who confirmed the batch, recorded as PURCHASE says.
  "batches.create": PURCHASE,
};

/** Every command of the operator CLI, by name; inputs are the flags as parsed. */
const CLI_COMMANDS: Record<string, Coverage> = {
  "account:create": audited(undefined, async () => [
    { input: { name: uniqueName("cli-account"), "created-at": "2026-05-01" }, action: "account.create" },
  ]),
  "user:create": audited(undefined, async ({ accountId }) => [
    {
      input: { email: `${uniqueName("cli-staff")}@audit.test`, password: PASSWORD, role: "STAFF", account: accountId },
      action: "user.create",
    },
  ]),
  "user:set-password": audited(undefined, async ({ accountId }) => [
    { input: { user: await staffOf(accountId) }, action: "user.password_reset" },
    { input: { user: await staffOf(accountId), password: "a chosen one 1", permanent: true }, action: "user.password_reset" },
  ]),
  "user:disable": audited(undefined, async ({ accountId }) => [{ input: { user: await staffOf(accountId) }, action: "user.disable" }]),
  "user:enable": audited(undefined, async ({ accountId }) => {
    const userId = await staffOf(accountId);
    await setUserDisabled(cli, { userId, disabled: true });
    return [{ input: { user: userId }, action: "user.enable" }];
  }),
  "user:reset-2fa": audited(undefined, async ({ accountId }) => [
    { input: { user: await staffOf(accountId) }, action: "user.two_factor_reset" },
  ]),
  "key:create": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, name: uniqueName("cli-key") }, action: "key.create" },
  ]),
  "key:revoke": audited(undefined, async ({ accountId }) => [{ input: { key: await keyOf(accountId) }, action: "key.revoke" }]),
  "wallet:fund": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, amount: "250000", reference: uniqueName("CLI") }, action: "wallet.fund" },
  ]),
  "allowlist:add": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, entry: "192.0.2.0/24" }, action: "allowlist.add" },
  ]),
  "allowlist:remove": audited(undefined, async ({ accountId }) => {
    await addAllowlistEntry(cli, { accountId, entry: "198.51.100.7" });
    return [{ input: { account: accountId, entry: "198.51.100.7" }, action: "allowlist.remove" }];
  }),
  "allowlist:require": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, on: true }, action: "allowlist.require" },
    { input: { account: accountId, off: true }, action: "allowlist.require" },
  ]),
  "catalog:set": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, on: true }, action: "catalog.set" },
    { input: { account: accountId, off: true }, action: "catalog.set" },
  ]),
  reconcile: exempt(
    "asks the provider how pending purchases ended, as every server process does every few seconds; the settlements it writes are ledger entries, decided by the provider's answer rather than by the operator",
  ),
  "reversals:sweep": exempt(
    "asks VTpass whether delivered purchases were reversed, as every server process does on each reconciler pass; a refund it finds is audited by the database (transaction.upstream_reversal by system), decided by VTpass's answer rather than by the operator",
  ),
  "ledger:check": exempt("reads the ledger and balances; changes nothing"),
  "funding:reconcile": exempt(
    "asks Paystack which transfers arrived, as one server process does on a schedule; what it credits is decided by Paystack's confirmation, written as ledger entries and bank-transfer rows, not by the operator",
  ),
  "funding:queue": exempt("lists bank transfers; changes nothing"),
  "funding:assign": audited(undefined, async ({ accountId }) => [
    { input: { transfer: await unmatchedTransfer(), account: accountId, note: "receipt" }, action: "bank_transfer.assign" },
  ]),
  "funding:return": audited(undefined, async () => [
    { input: { transfer: await unmatchedTransfer(), note: "refunded" }, action: "bank_transfer.return" },
  ]),
  "test-data:prune": audited(undefined, async ({ accountId }) => {
    // Something old enough to prune: the account's test wallet opening entry, made a year old.
    await db.ledgerEntry.updateMany({
      where: { accountId, livemode: false },
      data: { createdAt: new Date(Date.now() - 365 * 86_400_000) },
    });
    return [{ input: { days: "30" }, action: "test_data.prune" }];
  }),
  "network:create": audited(undefined, async () => [
    {
      input: { id: uniqueName("cli-net"), name: "Net", "airtime-min-amount": "5000", "airtime-max-amount": "500000" },
      action: "network.created",
    },
  ]),
  "network:update": audited(undefined, async () => [{ input: { id: await networkOf(), name: "Renamed" }, action: "network.updated" }]),
  "network:deactivate": audited(undefined, async () => [{ input: { id: await networkOf() }, action: "network.updated" }]),
  "network:activate": audited(undefined, async () => [{ input: { id: await networkOf(false) }, action: "network.updated" }]),
  "plan:create": audited(undefined, async () => [
    {
      input: {
        id: uniqueName("cli-plan"),
        "network-id": await networkOf(),
        name: "1GB",
        price: "30000",
        "pricing-basis": "special",
        "cost-price": "29000",
        "product-id": "data-1gb-30d",
        "validity-days": "30",
        class: "SME",
      },
      action: "plan.created",
    },
  ]),
  "plan:update": audited(undefined, async () => [{ input: { id: await planOf(), "cost-price": "none" }, action: "plan.updated" }]),
  "plan:deactivate": audited(undefined, async () => [{ input: { id: await planOf() }, action: "plan.updated" }]),
  "plan:activate": audited(undefined, async () => [{ input: { id: await planOf(false) }, action: "plan.updated" }]),
  "product:create": audited(undefined, async () => [
    {
      input: {
        id: uniqueName("cli-bill"),
        service: "CABLE_TV",
        "amount-type": "fixed",
        "product-id": "tv",
        name: "TV",
        biller: "TV",
        price: "100000",
      },
      action: "bill_product.created",
    },
  ]),
  "product:update": audited(undefined, async () => [{ input: { id: await productOf(), price: "120000" }, action: "bill_product.updated" }]),
  "product:deactivate": audited(undefined, async () => [{ input: { id: await productOf() }, action: "bill_product.updated" }]),
  "product:activate": audited(undefined, async () => [{ input: { id: await productOf(false) }, action: "bill_product.updated" }]),
  "price:set": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, plan: await planOf(), price: "25000" }, action: "price.account_set" },
  ]),
  "price:clear": audited(undefined, async ({ accountId }) => {
    const productId = await productOf();
    await setAccountPrice(cli, { accountId, productId, price: "450000" });
    return [{ input: { account: accountId, product: productId }, action: "price.account_set" }];
  }),
  "price-list:create": audited(undefined, async () => [{ input: { name: uniqueName("list") }, action: "price_list.created" }]),
  "price-list:rename": audited(undefined, async () => [
    { input: { list: await priceListOf(), name: uniqueName("renamed") }, action: "price_list.renamed" },
  ]),
  "price-list:set": audited(undefined, async () => [
    { input: { list: await priceListOf(), product: await productOf(), price: "90000" }, action: "price_list.price_set" },
  ]),
  "price-list:clear": audited(undefined, async () => {
    const [priceListId, planId] = [await priceListOf(), await planOf()];
    await setPriceListPrice(cli, { priceListId, planId, price: "26000" });
    return [{ input: { list: priceListId, plan: planId }, action: "price_list.price_set" }];
  }),
  "price-list:assign": audited(undefined, async ({ accountId }) => [
    { input: { account: accountId, list: await priceListOf() }, action: "price_list.assigned" },
    { input: { account: accountId, none: true }, action: "price_list.assigned" },
  ]),
  "catalog:import": audited(undefined, async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "audit-catalog-")), "catalog.json");
    const network = { id: uniqueName("imported"), name: "Imported", airtimeMinAmount: 5000, airtimeMaxAmount: 500000 };
    writeFileSync(file, JSON.stringify({ format: "reseller-catalog", version: 1, networks: [network] }));
    return [{ input: { file }, action: "network.created" }];
  }),
  "catalog:sync": audited(undefined, async () => {
    // One new variation upstream: one created (inactive) product, audited like an operator's create.
    const fake = await startFakeVtpass();
    onTestFinished(() => fake.close());
    fake.variations = { waec: [{ variation_code: uniqueName("code"), name: "WASSCE", variation_amount: "900.00", fixedPrice: "Yes" }] };
    Object.assign(process.env, {
      VTPASS_BASE_URL: fake.baseUrl,
      VTPASS_API_KEY: fake.keys.apiKey,
      VTPASS_PUBLIC_KEY: fake.keys.publicKey,
      VTPASS_RETRIES: "0",
    });
    return [{ input: { provider: "vtpass" }, action: "bill_product.created" }];
  }),
  "catalog:list": exempt("lists the catalog with its costs; changes nothing"),
  "catalog:export": exempt("prints the catalog as a file; changes nothing"),
  "price-list:show": exempt("shows one price list with its prices and accounts; changes nothing"),
  "price-list:list": exempt("lists the price lists; changes nothing"),
  "prices:show": exempt("shows the prices one account pays and where each comes from; changes nothing"),
  "report:margin": exempt("reads a month's revenue, cost and margin; changes nothing"),
  "routes:set": audited(undefined, async () => {
    await ensureSandboxCatalog();
    return [
      {
        input: { service: "AIRTIME", product: "mtn", routes: '[{"provider":"clubkonnect","upstreamService":"01","commissionBps":300}]' },
        action: "routes.set",
      },
    ];
  }),
  "route:disable": audited(undefined, async () => {
    await ensureSandboxCatalog();
    await setProductRoutes(cli, { service: "AIRTIME", productCode: "glo", routes: [{ provider: "clubkonnect", upstreamService: "02" }] });
    return [{ input: { service: "AIRTIME", product: "glo", provider: "clubkonnect" }, action: "route.disable" }];
  }),
  "route:enable": audited(undefined, async () => {
    await ensureSandboxCatalog();
    await setProductRoutes(cli, { service: "AIRTIME", productCode: "glo", routes: [{ provider: "clubkonnect", upstreamService: "02" }] });
    return [{ input: { service: "AIRTIME", product: "glo", provider: "clubkonnect" }, action: "route.enable" }];
  }),
  "upstream:disable": audited(undefined, async () => [{ input: { provider: "http", reason: "maintenance" }, action: "upstream.disable" }]),
  "upstream:enable": audited(undefined, async () => [{ input: { provider: "http" }, action: "upstream.enable" }]),
  "upstream:set-floor": audited(undefined, async () => [
    { input: { provider: "http", floor: "5000000" }, action: "upstream.floor" },
    { input: { provider: "http", floor: "0" }, action: "upstream.floor" },
  ]),
  "upstream:read-balance": exempt(
    "reads the upstreams' wallets and records them, as the balance poll does on its schedule; a floor crossing it finds is audited by system, decided by the upstream's answer rather than by the operator",
  ),
  "upstream:health": exempt("reads the upstreams' balances, success rates, latencies and circuits; changes nothing"),
};

/** A fresh fixed-price bill product to change. */
async function productOf(active = true): Promise<string> {
  const id = uniqueName("audit-bill");
  await createBillProduct(cli, { id, productId: id, ...NEW_BILL_PRODUCT, active });
  return id;
}

async function newUser(role: Role, accountId: string | null): Promise<UserActor> {
  const email = `${role.toLowerCase()}-${randomUUID()}@audit.test`;
  const { userId } = await createUser(cli, { email, password: PASSWORD, role, ...(accountId ? { accountId } : {}) });
  return { kind: "user", userId, email, role, accountId, sourceIp: role === "OPERATOR" ? "198.51.100.23" : "203.0.113.9" };
}

async function lastAuditId(): Promise<bigint> {
  const last = await db.auditLogEntry.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return last?.id ?? 0n;
}

/** Runs one step and returns the audit entries it added. */
async function auditEntriesOf(run: () => Promise<unknown>) {
  const before = await lastAuditId();
  await run();
  return db.auditLogEntry.findMany({ where: { id: { gt: before } }, orderBy: { id: "asc" } });
}

function mutationPaths(): string[] {
  // Typed as the nested router record, but at run time tRPC keeps every procedure here by its dotted path.
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .filter(([, procedure]) => procedure._def.type === "mutation")
    .map(([path]) => path)
    .sort();
}

/** The procedure at a dotted path of a caller: `caller.operator.fundWallet`. */
function procedureAt(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  return path.split(".").reduce((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
}

let fixture: Fixture;
let portalUsers: Record<"OPERATOR" | "OWNER" | "OWNER_TEST", UserActor>;

beforeAll(async () => {
  const { accountId } = await createAccountWithKey();
  const owner = await newUser("OWNER", accountId);
  portalUsers = { OPERATOR: await newUser("OPERATOR", null), OWNER: owner, OWNER_TEST: { ...owner, livemode: false } };
  fixture = { accountId, owner };
});

describe("the portal's tRPC mutations", () => {
  it("are all in the coverage table, and the table lists nothing else", () => {
    expect(mutationPaths()).toEqual(Object.keys(PROCEDURES).sort());
  });

  for (const [path, coverage] of Object.entries(PROCEDURES)) {
    if (coverage.kind === "exempt") continue;
    it(`${path} writes its audit entry, naming the signed-in user (or what a signed-out visitor used)`, async () => {
      const actor = coverage.as === "ANONYMOUS" ? null : portalUsers[coverage.as!];
      const call = procedureAt(createCaller({ actor, sourceIp: actor ? undefined : ANONYMOUS_IP }), path);
      for (const step of await coverage.steps(fixture, actor ?? fixture.owner)) {
        const entries = await auditEntriesOf(() => call(step.input));
        expect(
          entries.map((entry) => entry.action),
          `${path} ${JSON.stringify(step.input)}`,
        ).toEqual([step.action]);
        expect(entries[0]).toMatchObject(
          step.actor ?? { actorType: "USER", actorId: actor!.userId, actorLabel: actor!.email, sourceIp: actor!.sourceIp },
        );
      }
    });
  }
});

describe("the operator CLI's commands", () => {
  const cliActor: Actor = { kind: "cli", label: "cli:audit-coverage" };

  it("are all in the coverage table, and the table lists nothing else", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(Object.keys(CLI_COMMANDS).sort());
  });

  for (const [name, coverage] of Object.entries(CLI_COMMANDS)) {
    if (coverage.kind === "exempt") continue;
    it(`${name} writes its audit entry, naming the operating-system user`, async () => {
      for (const step of await coverage.steps(fixture, undefined as never)) {
        const entries = await auditEntriesOf(() => COMMANDS[name]!.run(cliActor, step.input as Flags));
        expect(
          entries.map((entry) => entry.action),
          `${name} ${JSON.stringify(step.input)}`,
        ).toEqual([step.action]);
        expect(entries[0]).toMatchObject({ actorType: "OPERATOR_CLI", actorId: null, actorLabel: "cli:audit-coverage", sourceIp: null });
      }
    });
  }
});

describe("exempt entry points", () => {
  it("each say why they are not privileged changes", () => {
    const reasons = [...Object.values(PROCEDURES), ...Object.values(CLI_COMMANDS)].filter(
      (coverage): coverage is Exempt => coverage.kind === "exempt",
    );
    for (const { reason } of reasons) expect(reason.length).toBeGreaterThan(20);
  });
});
