import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { hashPassword } from "~/server/auth/password";
import { authorizeCredentials } from "~/server/auth/next-auth";

const PASSWORD = "correct horse battery staple";
let email: string;
let disabledEmail: string;
let accountId: string;

beforeAll(async () => {
  const account = await db.account.create({ data: { name: "Sign-in Test Ltd" } });
  accountId = account.id;
  const passwordHash = await hashPassword(PASSWORD);
  email = `owner-${randomUUID()}@example.test`;
  disabledEmail = `gone-${randomUUID()}@example.test`;
  await db.user.createMany({
    data: [
      { email, passwordHash, role: "OWNER", accountId },
      { email: disabledEmail, passwordHash, role: "STAFF", accountId, disabledAt: new Date() },
    ],
  });
});

describe("authorizeCredentials", () => {
  it("accepts the right password, whatever the case and spacing of the email", async () => {
    const user = await authorizeCredentials({ email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(user).toMatchObject({ email, role: "OWNER", accountId });
  });

  it("refuses a wrong password, an unknown email and a disabled user alike", async () => {
    await expect(authorizeCredentials({ email, password: "wrong" })).resolves.toBeNull();
    await expect(authorizeCredentials({ email: `nobody-${randomUUID()}@example.test`, password: PASSWORD })).resolves.toBeNull();
    await expect(authorizeCredentials({ email: disabledEmail, password: PASSWORD })).resolves.toBeNull();
  });

  it("refuses missing or empty fields without looking anything up", async () => {
    await expect(authorizeCredentials(undefined)).resolves.toBeNull();
    await expect(authorizeCredentials({ email, password: "" })).resolves.toBeNull();
  });
});
