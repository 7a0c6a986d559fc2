/**
 * The logger's format and its redaction, in process: one JSON object per line with a level name, the
 * process role and pid, the error's stack under `err`; and credential-shaped fields censored wherever a
 * careless call site might put them.
 */
import { describe, expect, it } from "vitest";
import { createLogger } from "./log";

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, "info");
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("logger", () => {
  it("writes one JSON object per line with level name, time, pid, role and message", () => {
    const { logger, lines, parsed } = capture();
    logger.info({ requestId: "r-1", status: 201 }, "api request");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(parsed()[0]).toMatchObject({
      level: "info",
      pid: process.pid,
      role: "server",
      requestId: "r-1",
      status: 201,
      msg: "api request",
    });
    expect(new Date(parsed()[0]!.time as string).toISOString()).toBe(parsed()[0]!.time);
  });

  it("puts an error's message and stack under err", () => {
    const { logger, parsed } = capture();
    logger.error({ err: new Error("connection refused") }, "reconciler pass failed");
    const err = parsed()[0]!.err as { message: string; stack: string };
    expect(err.message).toBe("connection refused");
    expect(err.stack).toContain("log.test.ts");
  });

  it("censors credential-shaped fields at the top level, one level down and in headers", () => {
    const { logger, lines } = capture();
    const secrets = {
      apiKey: "pk_live_TOPLEVELSECRETaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      password: "hunter2-password",
      body: { password: "nested-password", apiKey: "pk_live_NESTEDaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", token: "12345678901234567890" },
      req: {
        headers: { authorization: "Bearer pk_live_HEADERaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", cookie: "next-auth.session-token=eyJsecret" },
      },
      res: { headers: { "set-cookie": "next-auth.session-token=eyJalsosecret" } },
      env: { AUTH_SECRET: "the-auth-secret", DATABASE_URL: "postgresql://u:dbpassword@h/d" },
    };
    logger.warn(secrets, "careless");
    const text = lines.join("");
    for (const value of [
      "TOPLEVELSECRET",
      "hunter2",
      "nested-password",
      "NESTED",
      "12345678901234567890",
      "HEADER",
      "eyJsecret",
      "eyJalsosecret",
      "the-auth-secret",
      "dbpassword",
    ]) {
      expect(text).not.toContain(value);
    }
    expect(text).toContain('"apiKey":"[redacted]"');
    // The rest of the line survives.
    expect(JSON.parse(text)).toMatchObject({ msg: "careless", level: "warn" });
  });
});
