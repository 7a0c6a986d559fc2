/**
 * The one configuration schema: a misspelt or malformed value is refused with the variable's name,
 * and the server does not start on it. Every variable it reads is documented: in the configuration
 * table of docs/deploying.md and in .env.example.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env";

describe("parseEnv", () => {
  it("gives the documented defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      RECONCILE_INTERVAL_MS: 5_000,
      RECONCILE_GRACE_MS: 60_000,
      RECONCILE_RETRY_MS: 5_000,
      BCRYPT_COST: 12,
      LOG_LEVEL: "info",
      LOG_DESTINATION: "stdout",
      EMBEDDED_PG_DIR: ".data/postgres",
      EMBEDDED_PG_PORT: 54329,
    });
    expect(env.VEND_PROVIDER).toBeUndefined();
    // Funding by bank transfer is off until a Paystack key is given; net of Paystack's fee by default.
    expect(env).toMatchObject({
      PAYSTACK_BASE_URL: "https://api.paystack.co",
      PAYSTACK_FEE_POLICY: "net",
      PAYSTACK_RECONCILE_LOOKBACK_HOURS: 72,
    });
    expect(env.PAYSTACK_SECRET_KEY).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });

  it("reads what docs/deploying.md documents", () => {
    const env = parseEnv({
      RECONCILE_GRACE_MS: "90000",
      BCRYPT_COST: "10",
      LOG_DESTINATION: "stderr",
      VEND_PROVIDER: " http ",
      SEED_DEMO: "0",
      EMBEDDED_PG_PORT: "54430",
    });
    expect(env).toMatchObject({
      RECONCILE_GRACE_MS: 90_000,
      BCRYPT_COST: 10,
      LOG_DESTINATION: "stderr",
      VEND_PROVIDER: "http",
      SEED_DEMO: "0",
      EMBEDDED_PG_PORT: 54430,
    });
  });

  it.each([
    ["a grace period with a unit", "RECONCILE_GRACE_MS", "60s"],
    ["a negative grace period", "RECONCILE_GRACE_MS", "-1"],
    ["a retry pause with a unit", "RECONCILE_RETRY_MS", "5s"],
    ["a bcrypt cost below 10", "BCRYPT_COST", "4"],
    ["a misspelt log destination", "LOG_DESTINATION", "stdrr"],
    ["a misspelt log level", "LOG_LEVEL", "verbose"],
    ["a misspelt provider", "VEND_PROVIDER", "htpp"],
    ["a seeding switch that is neither 0 nor 1", "SEED_DEMO", "yes"],
    ["an embedded database port out of range", "EMBEDDED_PG_PORT", "70000"],
    ["a port that is not a number", "PORT", "three thousand"],
    ["a pooler mode that does not exist", "DATABASE_POOLER", "statement"],
    ["a direct database URL that is not PostgreSQL's", "DIRECT_DATABASE_URL", "mysql://db.internal/reseller"],
    ["a Redis URL of another scheme", "REDIS_URL", "http://127.0.0.1:6379"],
    ["a Paystack public key where the secret key goes", "PAYSTACK_SECRET_KEY", "pk_live_0123456789abcdef"],
    ["a fee policy that does not exist", "PAYSTACK_FEE_POLICY", "half"],
    ["a Paystack source address that is not one", "PAYSTACK_WEBHOOK_ALLOWED_IPS", "52.31.139.75,paystack.co"],
    ["a Paystack URL with credentials in it", "PAYSTACK_BASE_URL", "https://user:secret@api.paystack.co"],
    ["an upstream balance poll faster than once a second", "UPSTREAM_BALANCE_POLL_MS", "500"],
  ])("refuses %s, naming the variable", (_case, variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`Invalid environment variables[^]*\\n  ${variable}: `));
  });

  it("takes a transaction pooler only with a direct URL beside it, for what needs a session", () => {
    const pooler = "postgresql://app@pgbouncer.internal:6432/reseller";
    const direct = "postgresql://app@db.internal:5432/reseller";
    const defaults = parseEnv({});
    expect(defaults.DATABASE_POOLER).toBe("none");
    expect(defaults.DIRECT_DATABASE_URL).toBeUndefined();
    expect(defaults.REDIS_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: pooler, DIRECT_DATABASE_URL: direct, DATABASE_POOLER: "transaction" })).toMatchObject({
      DATABASE_POOLER: "transaction",
      DIRECT_DATABASE_URL: direct,
    });
    expect(() => parseEnv({ DATABASE_URL: pooler, DATABASE_POOLER: "transaction" })).toThrow(
      /\n {2}DIRECT_DATABASE_URL: required with DATABASE_POOLER=transaction/,
    );
    expect(() => parseEnv({ DATABASE_POOLER: "transaction", DIRECT_DATABASE_URL: direct })).toThrow(
      /\n {2}DATABASE_POOLER: .*DATABASE_URL/,
    );
    expect(() => parseEnv({ DIRECT_DATABASE_URL: direct })).toThrow("DIRECT_DATABASE_URL: set without DATABASE_URL");
    expect(parseEnv({ REDIS_URL: " rediss://:secret@cache.internal:6380/2 " }).REDIS_URL).toBe("rediss://:secret@cache.internal:6380/2");
  });

  it("names every variable at fault at once", () => {
    const refuse = () => parseEnv({ BCRYPT_COST: "4", RECONCILE_GRACE_MS: "soon" });
    expect(refuse).toThrow("\n  BCRYPT_COST: Too small");
    expect(refuse).toThrow("\n  RECONCILE_GRACE_MS: Invalid input: expected number");
  });
});

describe("the documentation", () => {
  /** The schema's variables, as src/env.ts declares them (one per line, at the object's indent). */
  const variables = [...readFileSync("src/env.ts", "utf8").matchAll(/^ {4}([A-Z][A-Z0-9_]*): /gm)].map(([, name]) => name!);

  it("finds the schema's variables", () => {
    expect(variables).toContain("DATABASE_URL");
    expect(variables.length).toBeGreaterThan(50);
  });

  it('lists every variable in docs/deploying.md "Configuration"', () => {
    const doc = readFileSync("docs/deploying.md", "utf8");
    const section = doc.slice(doc.indexOf("\n## Configuration\n"), doc.indexOf("\n## ", doc.indexOf("\n## Configuration\n") + 1));
    expect(section.length).toBeGreaterThan(0);
    expect(variables.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it("lists every variable in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    expect(variables.filter((name) => !new RegExp(`^# ${name}=`, "m").test(example))).toEqual([]);
  });
});

describe("the server", () => {
  it("refuses to start on an invalid value, before touching any database", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/bin/server.ts"], {
      env: { ...process.env, RECONCILE_GRACE_MS: "one minute", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("Invalid environment variables");
    expect(result.stderr).toContain("RECONCILE_GRACE_MS");
    expect(result.stdout).not.toContain("listening on");
  });
});
