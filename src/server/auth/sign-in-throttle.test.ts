/**
 * Sign-in throttling against the real database: counted per email and per address (an IPv6 /64 as
 * one), refusing even the right password once over the limit, cleared by a success, exact under
 * simultaneous attempts, and lifted when the window ends. Every test uses fresh emails and addresses.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import { hashPassword } from "~/server/auth/password";
import { authorizeCredentials } from "~/server/auth/next-auth";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { addressCounterKey, createSignInThrottle, SignInThrottledError, type SignInThrottle } from "./sign-in-throttle";
import { retryAfterOfThrottledSignIn } from "~/schemas/sign-in";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

const PASSWORD = "correct horse battery staple";
const newEmail = () => `user-${randomUUID()}@example.test`;
let addressCounter = 0;
/** A fresh address per call, so tests never share an address counter. */
const newAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

async function createUserWithPassword(): Promise<string> {
  const account = await db.account.create({ data: { name: "Throttle Test Ltd" } });
  const email = newEmail();
  await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD), role: "OWNER", accountId: account.id } });
  return email;
}

/** An attempt that fails: counted, never cleared. */
async function fail(throttle: SignInThrottle, email: string, address: string | null): Promise<void> {
  await throttle.begin(email, address);
}

async function refusal(promise: Promise<unknown>): Promise<SignInThrottledError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SignInThrottledError);
  return error as SignInThrottledError;
}

describe("authorizeCredentials with the configured limits (5 failures per email per 15 minutes)", () => {
  let email: string;
  beforeAll(async () => {
    email = await createUserWithPassword();
  });

  it("refuses even the right password after five failures, saying how long to wait; another email is unaffected", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(authorizeCredentials({ email, password: "wrong guess" })).resolves.toBeNull();
    }
    const refused = await authorizeCredentials({ email, password: PASSWORD }).then(
      () => null,
      (error: Error) => error,
    );
    const retryAfter = retryAfterOfThrottledSignIn(refused?.message);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const other = await createUserWithPassword();
    await expect(authorizeCredentials({ email: other, password: PASSWORD })).resolves.toMatchObject({ email: other });
  });

  it("counts by the address src/bin/server.ts put in the request, and gives a success's point back", async () => {
    const address = newAddress();
    const request = { headers: { [SOURCE_ADDRESS_HEADER]: address, "x-forwarded-for": "6.6.6.6" } };
    const user = await createUserWithPassword();
    await expect(authorizeCredentials({ email: newEmail(), password: "wrong" }, request)).resolves.toBeNull();
    await expect(authorizeCredentials({ email: user, password: PASSWORD }, request)).resolves.toMatchObject({ email: user });
    const counters = await db.signInThrottle.findMany({ where: { key: { in: [`address:${address}`, "address:6.6.6.6"] } } });
    expect(counters.map(({ key, points }) => ({ key, points }))).toEqual([{ key: `address:${address}`, points: 1 }]);
  });
});

describe("createSignInThrottle", () => {
  it("counts failures per email, and a success clears them", async () => {
    const throttle = createSignInThrottle({ maxFailuresPerEmail: 3, maxFailuresPerAddress: 0, windowSeconds: 60 });
    const email = newEmail();
    await fail(throttle, email, null);
    await fail(throttle, email, null);
    await (await throttle.begin(email, null)).succeeded();
    for (let attempt = 0; attempt < 3; attempt += 1) await fail(throttle, email, newAddress());
    const refused = await refusal(throttle.begin(email, newAddress()));
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The counter is the email's alone.
    await expect(throttle.begin(newEmail(), null)).resolves.toBeDefined();
  });

  it("counts failures per source address across emails; a success from it costs nothing", async () => {
    const throttle = createSignInThrottle({ maxFailuresPerEmail: 0, maxFailuresPerAddress: 3, windowSeconds: 60 });
    const address = newAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) await (await throttle.begin(newEmail(), address)).succeeded();
    for (let attempt = 0; attempt < 3; attempt += 1) await fail(throttle, newEmail(), address);
    await refusal(throttle.begin(newEmail(), address));
    await expect(throttle.begin(newEmail(), newAddress())).resolves.toBeDefined();
  });

  it("counts an IPv6 /64 as one address", async () => {
    expect(addressCounterKey("2001:db8:1:2::7")).toBe("2001:db8:1:2::/64");
    expect(addressCounterKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(addressCounterKey("not an address")).toBeNull();

    const throttle = createSignInThrottle({ maxFailuresPerEmail: 0, maxFailuresPerAddress: 2, windowSeconds: 60 });
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    await fail(throttle, newEmail(), `${prefix}::1`);
    await fail(throttle, newEmail(), `${prefix}:ffff:ffff:ffff:ffff`);
    await refusal(throttle.begin(newEmail(), `${prefix}::2`));
  });

  it("a refused attempt takes nothing from the counter that was not over", async () => {
    const throttle = createSignInThrottle({ maxFailuresPerEmail: 1, maxFailuresPerAddress: 10, windowSeconds: 60 });
    const email = newEmail();
    const address = newAddress();
    await fail(throttle, email, address);
    await refusal(throttle.begin(email, address));
    await refusal(throttle.begin(email, address));
    expect(await db.signInThrottle.findUnique({ where: { key: `address:${address}` } })).toMatchObject({ points: 1 });
  });

  it("lets through exactly the limit of simultaneous attempts", async () => {
    const throttle = createSignInThrottle({ maxFailuresPerEmail: 5, maxFailuresPerAddress: 0, windowSeconds: 60 });
    const email = newEmail();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.begin(email, null)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(SignInThrottledError);
  });

  it("lifts the refusal when the window ends", async () => {
    const throttle = createSignInThrottle({ maxFailuresPerEmail: 2, maxFailuresPerAddress: 0, windowSeconds: 1 });
    const email = newEmail();
    await fail(throttle, email, null);
    await fail(throttle, email, null);
    await refusal(throttle.begin(email, null));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(throttle.begin(email, null)).resolves.toBeDefined();
  });
});
