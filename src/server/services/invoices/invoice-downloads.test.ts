/**
 * Invoice downloads over HTTP, from both faces: a month before the account existed is a 404
 * problem+json from the REST API and from the portal's download route, never an empty 200 document.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "~/server/services/users/create-user";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { signIn } from "~/test/portal-session";
import { useTestServer } from "~/test/server";

const server = useTestServer();

describe("an invoice for a month before the account existed", () => {
  it("is 404 from the REST API and the portal, while the account's first month is served", async () => {
    // Created on 2026-03-01 (the fixture's default), with no history before it.
    const { accountId, auth } = await createAccountWithKey({ funding: 10_000n });
    const password = "correct horse battery staple";
    const email = `owner-${randomUUID()}@invoices.test`;
    await createUser(operator, { email, password, role: "OWNER", accountId });
    const { cookie } = await signIn(server, email, password);

    for (const file of ["2026-02.csv", "2026-02.pdf", "2025-12.pdf"]) {
      const rest = await request(server.url(`/api/v1/invoices/${file}`), { headers: auth });
      expect(rest.status, file).toBe(404);
      expect(rest.headers["content-type"]).toContain("application/problem+json");
      const portal = await request(server.url(`/api/portal/invoices/${file}`), { headers: { cookie } });
      expect(portal.status, file).toBe(404);
      expect(portal.headers["content-type"]).toContain("application/problem+json");
    }
    expect((await request(server.url("/api/v1/invoices/2026-03.pdf"), { headers: auth })).status).toBe(200);
    expect((await request(server.url("/api/portal/invoices/2026-03.csv"), { headers: { cookie } })).status).toBe(200);
  });
});
