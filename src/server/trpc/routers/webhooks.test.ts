/**
 * The owner's webhooks page at the tRPC level: endpoints created with the default event types and a
 * secret returned once, edited, disabled and re-enabled, rotated and deleted; deliveries listed with
 * their attempts, a test event, resends (a delivery still retrying is tried again at once); the
 * low-balance threshold. Refused to STAFF, operators and anonymous callers; another account's
 * endpoint reads as unknown.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "~/generated/prisma/enums";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { createUser } from "~/server/services/users/create-user";
import { deliverDueWebhooks } from "~/server/services/webhooks/deliver-webhooks";
import { createCaller } from "~/server/trpc/root";
import { DEFAULT_EVENT_TYPES } from "~/schemas/webhooks";
import { operator as cli, uniqueName } from "~/test/fixtures";
import { fundedAccount } from "~/test/purchase-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

interface Tenant {
  accountId: string;
  owner: UserActor;
  staff: UserActor;
}

async function userActor(role: Role, accountId: string | null): Promise<UserActor> {
  const email = `${uniqueName(role.toLowerCase())}@example.test`;
  const { userId } = await createUser(cli, { email, password: "webhooks-password-1", role, ...(accountId ? { accountId } : {}) });
  return { kind: "user", userId, email, role, accountId, sourceIp: "127.0.0.1" };
}

async function newTenant(): Promise<Tenant> {
  const { accountId } = await fundedAccount(1_000_000n);
  return { accountId, owner: await userActor("OWNER", accountId), staff: await userActor("STAFF", accountId) };
}

const callerFor = (actor: UserActor | null) => createCaller({ actor });

async function refusal(call: Promise<unknown>): Promise<{ code: string; appCode: string | undefined; fields: string[] }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause instanceof AppError ? ((error as TRPCError).cause as AppError) : undefined;
  return { code: (error as TRPCError).code, appCode: cause?.code, fields: cause?.fieldErrors?.map((problem) => problem.name) ?? [] };
}

/** Sends what is due now, pass after pass, until nothing is. */
async function drain() {
  for (let pass = 0; pass < 20; pass++) if ((await deliverDueWebhooks()).claimed === 0) return;
}

let a: Tenant;
let b: Tenant;
let operatorUser: UserActor;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  a = await newTenant();
  b = await newTenant();
  operatorUser = await userActor("OPERATOR", null);
});
afterAll(() => receiver.close());

describe("endpoints", () => {
  it("creates one with the default event types and its secret once; the list never shows a secret", async () => {
    const owner = callerFor(a.owner);
    const created = await owner.webhooks.create({ url: receiver.url, description: "  Order system " });
    expect(created).toMatchObject({ url: receiver.url, description: "Order system", enabled: true, disabledReason: null });
    expect(created.eventTypes).toEqual([...DEFAULT_EVENT_TYPES]);
    expect(created.eventTypes).not.toContain("transaction.pending");
    expect(created.secret).toMatch(/^whsec_/);

    const listed = await owner.webhooks.list();
    expect(listed.map((endpoint) => endpoint.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice("whsec_".length));
    expect(listed.every((endpoint) => !("secret" in endpoint))).toBe(true);
    expect((await callerFor(b.owner).webhooks.list()).map((endpoint) => endpoint.id)).not.toContain(created.id);
  });

  it("puts a bad URL or no event types next to the field, creating nothing", async () => {
    const before = await db.webhookEndpoint.count({ where: { accountId: a.accountId } });
    expect(await refusal(callerFor(a.owner).webhooks.create({ url: "ftp://example.com/x" }))).toMatchObject({
      code: "BAD_REQUEST",
      appCode: "validation.failed",
      fields: ["url"],
    });
    expect(await refusal(callerFor(a.owner).webhooks.create({ url: receiver.url, eventTypes: [] }))).toMatchObject({
      fields: ["eventTypes"],
    });
    expect(await db.webhookEndpoint.count({ where: { accountId: a.accountId } })).toBe(before);
  });

  it("edits the event types, disables (the notice gone) and re-enables, rotates with a 24-hour overlap, and deletes", async () => {
    const owner = callerFor(a.owner);
    const { id, secret } = await owner.webhooks.create({ url: receiver.url });
    const edited = await owner.webhooks.update({ endpointId: id, eventTypes: ["transaction.pending", "transaction.successful"] });
    expect(edited.eventTypes).toEqual(["transaction.pending", "transaction.successful"]);

    // As the worker leaves an endpoint it disabled: re-enabling clears its notice and the failure streak.
    await db.webhookEndpoint.update({
      where: { id },
      data: { enabled: false, disabledReason: "The receiver answered 410 Gone.", failingSince: new Date() },
    });
    expect((await owner.webhooks.list()).find((endpoint) => endpoint.id === id)).toMatchObject({
      enabled: false,
      disabledReason: "The receiver answered 410 Gone.",
    });
    await expect(owner.webhooks.update({ endpointId: id, enabled: true })).resolves.toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });

    const rotated = await owner.webhooks.rotateSecret({ endpointId: id });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const overlapHours = (Date.parse(rotated.secretRotatedUntil!) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);

    await expect(owner.webhooks.delete({ endpointId: id })).resolves.toEqual({ id, deleted: true });
    expect(await db.webhookEndpoint.count({ where: { id } })).toBe(0);
  });

  it("answers another account's endpoint, and a malformed id, with not-found and changes nothing", async () => {
    const other = await callerFor(b.owner).webhooks.create({ url: receiver.url });
    const owner = callerFor(a.owner);
    for (const endpointId of [other.id, "not-a-uuid"]) {
      for (const call of [
        () => owner.webhooks.update({ endpointId, enabled: false }),
        () => owner.webhooks.delete({ endpointId }),
        () => owner.webhooks.rotateSecret({ endpointId }),
        () => owner.webhooks.sendTest({ endpointId }),
        () => owner.webhooks.deliveries({ endpointId }),
        () => owner.webhooks.resendFailed({ endpointId, since: new Date().toISOString() }),
      ]) {
        expect(await refusal(call())).toMatchObject({ code: "NOT_FOUND", appCode: "webhook_endpoint.not_found" });
      }
    }
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ enabled: true });
    expect(await db.webhookDelivery.count({ where: { endpointId: other.id } })).toBe(0);
  });

  it("refuses STAFF, operators and anonymous callers, and nothing changes", async () => {
    const { id } = await callerFor(a.owner).webhooks.create({ url: receiver.url });
    const before = await db.webhookEndpoint.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } });
    for (const [actor, code] of [
      [a.staff, "FORBIDDEN"],
      [operatorUser, "FORBIDDEN"],
      [null, "UNAUTHORIZED"],
    ] as const) {
      const caller = callerFor(actor);
      for (const call of [
        () => caller.webhooks.list(),
        () => caller.webhooks.create({ url: receiver.url }),
        () => caller.webhooks.update({ endpointId: id, enabled: false }),
        () => caller.webhooks.delete({ endpointId: id }),
        () => caller.webhooks.rotateSecret({ endpointId: id }),
        () => caller.webhooks.deliveries({ endpointId: id }),
        () => caller.webhooks.sendTest({ endpointId: id }),
        () => caller.webhooks.resendFailed({ endpointId: id, since: new Date().toISOString() }),
        () => caller.webhooks.lowBalanceThreshold(),
        () => caller.webhooks.setLowBalanceThreshold({ threshold: 100 }),
      ]) {
        expect((await refusal(call())).code).toBe(code);
      }
    }
    expect(await db.webhookEndpoint.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await callerFor(a.owner).webhooks.lowBalanceThreshold()).toEqual({ threshold: null });
  });
});

describe("deliveries", () => {
  it("lists a test event with its attempts once delivered, and resends it", async () => {
    const owner = callerFor(a.owner);
    const endpoint = await owner.webhooks.create({ url: receiver.url });
    receiver.secrets = [endpoint.secret];
    receiver.answers = [{ status: 200, body: "<b>ok</b>" }];
    const { eventId } = await owner.webhooks.sendTest({ endpointId: endpoint.id });
    const [queued] = await owner.webhooks.deliveries({ endpointId: endpoint.id });
    expect(queued).toMatchObject({ eventId, eventType: "webhook.test", status: "pending", attempts: [] });

    await drain();
    expect(receiver.received.find((delivery) => delivery.id === eventId)?.verifiedBy).toBe(0);
    const [delivered] = await owner.webhooks.deliveries({ endpointId: endpoint.id });
    expect(delivered).toMatchObject({ id: queued!.id, status: "succeeded", nextAttemptAt: null });
    expect(delivered!.attempts).toEqual([
      { attemptedAt: expect.any(String), statusCode: 200, responseMs: expect.any(Number), responseExcerpt: "<b>ok</b>", error: null },
    ]);

    await expect(owner.webhooks.resendDelivery({ endpointId: endpoint.id, deliveryId: delivered!.id })).resolves.toEqual({ resent: 1 });
    await drain();
    const after = await owner.webhooks.deliveries({ endpointId: endpoint.id });
    expect(after.map((delivery) => [delivery.eventId, delivery.status])).toEqual([
      [eventId, "succeeded"],
      [eventId, "succeeded"],
    ]);
  });

  it("tries a delivery that is still retrying again at once, rather than queueing a copy behind it", async () => {
    const owner = callerFor(a.owner);
    const endpoint = await owner.webhooks.create({ url: receiver.url });
    receiver.answers = [{ status: 500, body: "down" }, { status: 204 }];
    await owner.webhooks.sendTest({ endpointId: endpoint.id });
    await drain();
    // As after a later attempt of the schedule: the next one minutes away.
    const later = new Date(Date.now() + 300_000);
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { nextAttemptAt: later } });
    const [retrying] = await owner.webhooks.deliveries({ endpointId: endpoint.id });
    expect(retrying).toMatchObject({ status: "pending", nextAttemptAt: later.toISOString(), attempts: [{ statusCode: 500 }] });

    await owner.webhooks.resendDelivery({ endpointId: endpoint.id, deliveryId: retrying!.id });
    await drain();
    const deliveries = await owner.webhooks.deliveries({ endpointId: endpoint.id });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: retrying!.id, status: "succeeded" });
    expect(deliveries[0]!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 204]);
    const audit = await db.auditLogEntry.findFirstOrThrow({
      where: { action: "webhook_endpoint.resend", targetId: endpoint.id },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ actorId: a.owner.userId, details: { retriedNow: true } });
  });

  it("refuses a test event or a resend to a disabled endpoint, and an unknown delivery", async () => {
    const owner = callerFor(a.owner);
    const endpoint = await owner.webhooks.create({ url: receiver.url });
    expect(await refusal(owner.webhooks.resendDelivery({ endpointId: endpoint.id, deliveryId: "999999999" }))).toMatchObject({
      code: "NOT_FOUND",
      appCode: "webhook_delivery.not_found",
    });
    await owner.webhooks.update({ endpointId: endpoint.id, enabled: false });
    expect(await refusal(owner.webhooks.sendTest({ endpointId: endpoint.id }))).toMatchObject({
      code: "CONFLICT",
      appCode: "webhook_endpoint.disabled",
    });
    expect(await refusal(owner.webhooks.resendFailed({ endpointId: endpoint.id, since: new Date().toISOString() }))).toMatchObject({
      appCode: "webhook_endpoint.disabled",
    });
    expect(await refusal(owner.webhooks.resendFailed({ endpointId: endpoint.id, since: "yesterday" }))).toMatchObject({
      fields: ["since"],
    });
  });
});

describe("the low-balance threshold", () => {
  it("is off until set, in kobo, and can be switched off again", async () => {
    const owner = callerFor(b.owner);
    await expect(owner.webhooks.lowBalanceThreshold()).resolves.toEqual({ threshold: null });
    await expect(owner.webhooks.setLowBalanceThreshold({ threshold: 150_050 })).resolves.toEqual({ threshold: 150_050 });
    await expect(owner.webhooks.lowBalanceThreshold()).resolves.toEqual({ threshold: 150_050 });
    expect(await refusal(owner.webhooks.setLowBalanceThreshold({ threshold: 0 }))).toMatchObject({ fields: ["threshold"] });
    await expect(owner.webhooks.setLowBalanceThreshold({ threshold: null })).resolves.toEqual({ threshold: null });
    await expect(owner.webhooks.lowBalanceThreshold()).resolves.toEqual({ threshold: null });
  });
});
