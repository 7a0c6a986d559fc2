import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PAGES_TO_WARM, warmPages } from "./warm-pages";

describe("warmPages", () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it("asks for every main page once, one at a time, and goes on past a failure", async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    server = http.createServer((request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      seen.push(request.url ?? "");
      setTimeout(() => {
        inFlight -= 1;
        if (request.url === "/buy") request.socket.destroy();
        else response.writeHead(request.url === "/sign-in" ? 200 : 307, { location: "/sign-in" }).end();
      }, 5);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const logged: { path: string; status: number | string }[] = [];
    await warmPages(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      info: (fields) => logged.push(fields as { path: string; status: number | string }),
    });
    expect(seen).toEqual([...PAGES_TO_WARM]);
    expect(seen).toEqual(expect.arrayContaining(["/dashboard", "/buy"]));
    expect(most).toBe(1);
    expect(logged.find((line) => line.path === "/dashboard")?.status).toBe(307);
    expect(typeof logged.find((line) => line.path === "/buy")?.status).toBe("string");
  });
});
