/**
 * An API path no endpoint serves gets one answer wherever it is: the Node server answers /api/v1's
 * itself, the catch-all route the rest of /api; a client cannot tell which did.
 */
import { describe, expect, it } from "vitest";
import { request } from "~/test/http";
import { useTestServer } from "~/test/server";

const server = useTestServer();

describe("unknown API paths", () => {
  it("answer the same problem+json 404 under /api/v1 and elsewhere under /api", async () => {
    const answers = [];
    for (const path of ["/api/v1/nope", "/api/v1/balance/extra", "/api/nope", "/api/portal/nope", "/api/v2/balance"]) {
      const response = await request(server.url(path), { method: "GET" });
      expect(response.status, path).toBe(404);
      expect(response.headers["content-type"], path).toBe("application/problem+json");
      const { requestId, ...body } = response.json() as { requestId: string };
      expect(requestId, path).toBe(response.headers["x-request-id"]);
      answers.push(body);
    }
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 404, title: "Not Found", detail: expect.stringContaining("/docs") });
  });
});
