/**
 * The compatibility guard's rules (compare.ts), each on a small OpenAPI 3.1 document changed one way:
 * every breaking rule has a case where the guard reports it, and the additions it must let through
 * are reported as additions, by the names a changelog entry uses (contract.ts).
 */
import { describe, expect, it } from "vitest";
import { compareContracts, type Finding } from "./compare";
import { contractNames, readContract } from "./contract";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A small API in the shape this service's document has: a purchase, a listing, a shared component, a webhook. */
function baseDocument(): Json {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/api/v1/data": {
        post: {
          operationId: "purchaseData",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    clientReference: { type: "string", minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9._:-]+$" },
                    planId: { type: "string" },
                    phone: { type: "string" },
                    amount: { type: "integer", minimum: 1, maximum: 1_000_000 },
                    tags: { type: "array", items: { type: "string" } },
                  },
                  required: ["clientReference", "planId", "phone"],
                },
              },
            },
          },
          responses: {
            "201": {
              description: "created",
              headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
              content: { "application/json": { schema: { $ref: "#/components/schemas/Transaction" } } },
            },
            "402": { description: "funds", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } },
          },
        },
      },
      "/api/v1/transactions/{clientReference}": {
        get: {
          operationId: "getTransaction",
          parameters: [
            { in: "path", name: "clientReference", required: true, schema: { type: "string" } },
            { in: "query", name: "expand", schema: { type: "string" } },
          ],
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Transaction" } } } },
          },
        },
      },
    },
    webhooks: {
      "transaction.successful": {
        post: {
          operationId: "transactionSuccessfulWebhook",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/WebhookEvent" } } } },
          responses: { "2XX": { description: "ack" } },
        },
      },
    },
    components: {
      headers: { "X-Request-Id": { required: true, schema: { type: "string" } } },
      schemas: {
        Transaction: {
          type: "object",
          description: "A purchase.",
          properties: {
            id: { type: "string", format: "uuid" },
            status: { type: "string", enum: ["pending", "successful", "failed"] },
            service: { $ref: "#/components/schemas/TransactionService" },
            amount: { type: "integer" },
            token: { type: ["string", "null"] },
            providerReference: { anyOf: [{ type: "string" }, { type: "null" }] },
            idempotentReplay: { type: "boolean", const: true },
          },
          required: ["id", "status", "service", "amount", "token", "providerReference"],
        },
        TransactionService: { type: "string", enum: ["Data", "Airtime"] },
        Problem: {
          type: "object",
          properties: { type: { type: "string" }, status: { type: "integer" }, detail: { type: "string" } },
          required: ["type", "status"],
        },
        TransactionEvent: {
          type: "object",
          properties: {
            id: { type: "string" },
            type: { type: "string", enum: ["transaction.successful"] },
            data: { $ref: "#/components/schemas/Transaction" },
          },
          required: ["id", "type", "data"],
        },
        WalletEvent: {
          type: "object",
          properties: { id: { type: "string" }, balance: { type: "integer" } },
          required: ["id", "balance"],
        },
        WebhookEvent: { anyOf: [{ $ref: "#/components/schemas/TransactionEvent" }, { $ref: "#/components/schemas/WalletEvent" }] },
      },
    },
  };
}

const purchaseBody = (document: Json): Json => document.paths["/api/v1/data"].post.requestBody.content["application/json"].schema;
const transaction = (document: Json): Json => document.components.schemas.Transaction;

/** What changing the base document with `change` is found to be. */
function findingsOf(change: (document: Json) => void): Finding[] {
  const after = baseDocument();
  change(after);
  return compareContracts(readContract(baseDocument()), readContract(after));
}

function rulesOf(findings: Finding[]): string[] {
  return findings.map((finding) => `${finding.rule} ${finding.name}`);
}

describe("the guard passes what changes nothing a client sees", () => {
  it("finds nothing between a document and itself", () => {
    expect(findingsOf(() => {})).toEqual([]);
  });

  it("ignores descriptions, examples, tags and servers", () => {
    const findings = findingsOf((document) => {
      transaction(document).description = "Reworded.";
      transaction(document).properties.amount.example = 28_000;
      document.servers = [{ url: "https://api.example.com" }];
      document.paths["/api/v1/data"].post.tags = ["Purchases"];
    });
    expect(findings).toEqual([]);
  });

  it("takes a renamed path parameter as the same path, and widening what a request accepts as harmless", () => {
    const findings = findingsOf((document) => {
      const item = document.paths["/api/v1/transactions/{clientReference}"];
      item.get.parameters[0].name = "reference";
      delete document.paths["/api/v1/transactions/{clientReference}"];
      document.paths["/api/v1/transactions/{reference}"] = item;
      delete purchaseBody(document).properties.clientReference.pattern;
      purchaseBody(document).properties.amount.maximum = 2_000_000;
      purchaseBody(document).properties.amount.type = "number";
      purchaseBody(document).required = ["clientReference", "planId"];
    });
    expect(rulesOf(findings).filter((rule) => !rule.startsWith("added"))).toEqual([]);
  });

  it("takes a request field that stops being an enum as harmless: it accepts more", () => {
    const before = baseDocument();
    purchaseBody(before).properties.planId.enum = ["mtn-1gb", "mtn-2gb"];
    expect(compareContracts(readContract(before), readContract(baseDocument()))).toEqual([]);
  });

  it("takes narrowing what a response may hold as harmless", () => {
    const findings = findingsOf((document) => {
      transaction(document).properties.token.type = "string";
      transaction(document).properties.idempotentReplay = { type: "boolean", const: true };
      transaction(document).required.push("idempotentReplay");
    });
    expect(findings).toEqual([]);
  });
});

describe("removed: anything a client may use that is gone", () => {
  it("a removed path (or its only operation)", () => {
    expect(rulesOf(findingsOf((document) => delete document.paths["/api/v1/transactions/{clientReference}"]))).toEqual([
      "removed GET /api/v1/transactions/{clientReference}",
    ]);
  });

  it("a renamed path: the old one removed, the new one added", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        document.paths["/api/v1/purchases/data"] = document.paths["/api/v1/data"];
        delete document.paths["/api/v1/data"];
      }),
    );
    expect(rules).toEqual(["removed POST /api/v1/data", "added POST /api/v1/purchases/data"]);
  });

  it("an operation removed from a path that keeps others", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        document.paths["/api/v1/data"].get = document.paths["/api/v1/transactions/{clientReference}"].get;
        document.paths["/api/v1/data"].get.parameters = [];
        delete document.paths["/api/v1/data"].post;
      }),
    );
    expect(rules).toContain("removed POST /api/v1/data");
  });

  it("a webhook event no longer delivered", () => {
    expect(rulesOf(findingsOf((document) => delete document.webhooks["transaction.successful"]))).toEqual([
      "removed webhook transaction.successful",
    ]);
  });

  it("a response field, whether or not it was required", () => {
    expect(rulesOf(findingsOf((document) => delete transaction(document).properties.idempotentReplay))).toEqual([
      "removed Transaction.idempotentReplay",
    ]);
    const rules = rulesOf(
      findingsOf((document) => {
        delete transaction(document).properties.token;
        transaction(document).required = transaction(document).required.filter((field: string) => field !== "token");
      }),
    );
    expect(rules).toEqual(["removed Transaction.token"]);
  });

  it("a renamed response field: removed, and the new name added", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        transaction(document).properties.pin = transaction(document).properties.token;
        delete transaction(document).properties.token;
      }),
    );
    expect(rules).toEqual(["removed Transaction.token", "added Transaction.pin"]);
  });

  it("a field of a webhook event's body", () => {
    expect(rulesOf(findingsOf((document) => delete document.components.schemas.WalletEvent.properties.balance))).toContain(
      "removed WalletEvent.balance",
    );
  });

  it("a request field (the API would stop reading it)", () => {
    expect(rulesOf(findingsOf((document) => delete purchaseBody(document).properties.tags))).toEqual([
      "removed POST /api/v1/data body.tags",
    ]);
  });

  it("an enum value, in a response and in a shared enum", () => {
    expect(rulesOf(findingsOf((document) => (transaction(document).properties.status.enum = ["pending", "successful"])))).toEqual([
      "removed Transaction.status = failed",
    ]);
    expect(rulesOf(findingsOf((document) => (document.components.schemas.TransactionService.enum = ["Data"])))).toEqual([
      "removed TransactionService = Airtime",
    ]);
  });

  it("a response status", () => {
    expect(rulesOf(findingsOf((document) => delete document.paths["/api/v1/data"].post.responses["402"]))).toEqual([
      "removed POST /api/v1/data 402",
    ]);
  });

  it("a response header and a media type", () => {
    expect(rulesOf(findingsOf((document) => delete document.paths["/api/v1/data"].post.responses["201"].headers))).toEqual([
      "removed header.X-Request-Id",
    ]);
    const rules = rulesOf(
      findingsOf((document) => {
        const response = document.paths["/api/v1/data"].post.responses["402"];
        response.content = { "application/json": response.content["application/problem+json"] };
      }),
    );
    expect(rules).toContain("removed POST /api/v1/data 402 application/problem+json");
  });

  it("a parameter, and a member of a union", () => {
    expect(rulesOf(findingsOf((document) => document.paths["/api/v1/transactions/{clientReference}"].get.parameters.pop()))).toEqual([
      "removed GET /api/v1/transactions/{clientReference} query.expand",
    ]);
    expect(rulesOf(findingsOf((document) => document.components.schemas.WebhookEvent.anyOf.pop()))).toContain(
      "removed WebhookEvent | WalletEvent",
    );
  });
});

describe("operation-renamed", () => {
  it("a changed operationId, which generated clients name their methods by", () => {
    expect(rulesOf(findingsOf((document) => (document.paths["/api/v1/data"].post.operationId = "buyData")))).toEqual([
      "operation-renamed POST /api/v1/data",
    ]);
  });
});

describe("newly-required: what a client could leave out of a request", () => {
  it("an optional request field made required", () => {
    expect(rulesOf(findingsOf((document) => purchaseBody(document).required.push("amount")))).toEqual([
      "newly-required POST /api/v1/data body.amount",
    ]);
  });

  it("a new request field that is required", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        purchaseBody(document).properties.channel = { type: "string" };
        purchaseBody(document).required.push("channel");
      }),
    );
    expect(rules).toEqual(["newly-required POST /api/v1/data body.channel"]);
  });

  it("a query parameter made required, and a new required one", () => {
    expect(
      rulesOf(findingsOf((document) => (document.paths["/api/v1/transactions/{clientReference}"].get.parameters[1].required = true))),
    ).toEqual(["newly-required GET /api/v1/transactions/{clientReference} query.expand"]);
    expect(
      rulesOf(
        findingsOf((document) =>
          document.paths["/api/v1/transactions/{clientReference}"].get.parameters.push({ in: "header", name: "X-Tenant", required: true }),
        ),
      ),
    ).toEqual(["newly-required GET /api/v1/transactions/{clientReference} header.X-Tenant"]);
  });

  it("a request body that was optional", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        document.paths["/api/v1/data"].post.requestBody.required = false;
      }),
    );
    expect(rules).toEqual([]);
    const after = baseDocument();
    const before = baseDocument();
    before.paths["/api/v1/data"].post.requestBody.required = false;
    expect(rulesOf(compareContracts(readContract(before), readContract(after)))).toEqual(["newly-required POST /api/v1/data body"]);
  });
});

describe("made-optional: what a client reads that may now be missing", () => {
  it("a required response field no longer required", () => {
    expect(
      rulesOf(
        findingsOf((document) => (transaction(document).required = transaction(document).required.filter((f: string) => f !== "amount"))),
      ),
    ).toEqual(["made-optional Transaction.amount"]);
  });

  it("a required response header no longer required", () => {
    expect(rulesOf(findingsOf((document) => (document.components.headers["X-Request-Id"].required = false)))).toEqual([
      "made-optional header.X-Request-Id",
    ]);
  });
});

describe("made-nullable: what a client reads that may now be null", () => {
  it("a response field given null as a type", () => {
    expect(rulesOf(findingsOf((document) => (transaction(document).properties.amount.type = ["integer", "null"])))).toEqual([
      "made-nullable Transaction.amount",
    ]);
  });

  it("a response field wrapped as anyOf [X, null]", () => {
    const rules = rulesOf(
      findingsOf((document) => {
        transaction(document).properties.service = { anyOf: [{ $ref: "#/components/schemas/TransactionService" }, { type: "null" }] };
      }),
    );
    expect(rules).toEqual(["made-nullable Transaction.service"]);
  });
});

describe("type-widened: what a client reads that may now be of another type", () => {
  it("a response field's type changed or widened (integer to number, string to string | integer)", () => {
    expect(rulesOf(findingsOf((document) => (transaction(document).properties.amount.type = "number")))).toEqual([
      "type-widened Transaction.amount",
    ]);
    expect(rulesOf(findingsOf((document) => (transaction(document).properties.amount.type = "string")))).toEqual([
      "type-widened Transaction.amount",
    ]);
  });

  it("a response enum that is no longer an enum", () => {
    expect(rulesOf(findingsOf((document) => delete transaction(document).properties.status.enum))).toEqual([
      "type-widened Transaction.status",
    ]);
  });
});

describe("type-narrowed: what a client sends that may now be refused", () => {
  it("a request field's type narrowed", () => {
    const before = baseDocument();
    purchaseBody(before).properties.amount.type = "number";
    expect(rulesOf(compareContracts(readContract(before), readContract(baseDocument())))).toEqual([
      "type-narrowed POST /api/v1/data body.amount",
    ]);
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.planId.type = "integer")))).toEqual([
      "type-narrowed POST /api/v1/data body.planId",
    ]);
  });

  it("a request field limited to an enum, or no longer accepting null", () => {
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.planId.enum = ["mtn-1gb"])))).toEqual([
      "type-narrowed POST /api/v1/data body.planId",
    ]);
    const before = baseDocument();
    purchaseBody(before).properties.planId.type = ["string", "null"];
    expect(rulesOf(compareContracts(readContract(before), readContract(baseDocument())))).toEqual([
      "type-narrowed POST /api/v1/data body.planId",
    ]);
  });

  it("tightened bounds, and a pattern or format added or changed", () => {
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.clientReference.maxLength = 50)))).toEqual([
      "type-narrowed POST /api/v1/data body.clientReference",
    ]);
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.amount.minimum = 100)))).toEqual([
      "type-narrowed POST /api/v1/data body.amount",
    ]);
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.phone.pattern = "^0[789]\\d{9}$")))).toEqual([
      "type-narrowed POST /api/v1/data body.phone",
    ]);
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.tags.items.format = "uuid")))).toEqual([
      "type-narrowed POST /api/v1/data body.tags[]",
    ]);
  });

  it("a parameter's type narrowed", () => {
    expect(
      rulesOf(
        findingsOf((document) => (document.paths["/api/v1/transactions/{clientReference}"].get.parameters[1].schema = { type: "boolean" })),
      ),
    ).toEqual(["type-narrowed GET /api/v1/transactions/{clientReference} query.expand"]);
  });
});

describe("additions, by the names a changelog entry lists", () => {
  it("a new operation is one addition, not one per field inside it", () => {
    const findings = findingsOf((document) => {
      document.paths["/api/v1/fundings"] = {
        get: {
          operationId: "listFundings",
          parameters: [{ in: "query", name: "cursor", schema: { type: "string" } }],
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { type: "object", properties: { data: { type: "array" } } } } },
            },
          },
        },
      };
    });
    expect(findings).toEqual([{ rule: "added", name: "GET /api/v1/fundings", message: "operation GET /api/v1/fundings was added" }]);
  });

  it("a response field, once however many operations return its component", () => {
    const findings = findingsOf((document) => {
      transaction(document).properties.pins = {
        type: ["array", "null"],
        items: { type: "object", properties: { pin: { type: "string" } } },
      };
      transaction(document).required.push("pins");
    });
    expect(rulesOf(findings)).toEqual(["added Transaction.pins"]);
  });

  it("an optional request field and an optional parameter", () => {
    expect(rulesOf(findingsOf((document) => (purchaseBody(document).properties.note = { type: "string" })))).toEqual([
      "added POST /api/v1/data body.note",
    ]);
    expect(
      rulesOf(
        findingsOf((document) =>
          document.paths["/api/v1/transactions/{clientReference}"].get.parameters.push({ in: "query", name: "fields" }),
        ),
      ),
    ).toEqual(["added GET /api/v1/transactions/{clientReference} query.fields"]);
  });

  it("an enum value, a union member, a webhook event and a response status", () => {
    const findings = findingsOf((document) => {
      document.components.schemas.TransactionService.enum.push("Electricity");
      document.components.schemas.BatchEvent = { type: "object", properties: { id: { type: "string" } } };
      document.components.schemas.WebhookEvent.anyOf.push({ $ref: "#/components/schemas/BatchEvent" });
      document.webhooks["batch.completed"] = structuredClone(document.webhooks["transaction.successful"]);
      document.webhooks["batch.completed"].post.operationId = "batchCompletedWebhook";
      document.paths["/api/v1/data"].post.responses["422"] = document.paths["/api/v1/data"].post.responses["402"];
    });
    expect(rulesOf(findings).sort()).toEqual(
      [
        "added POST /api/v1/data 422",
        "added TransactionService = Electricity",
        "added WebhookEvent | BatchEvent",
        "added webhook batch.completed",
      ].sort(),
    );
  });
});

describe("what the guard cannot judge fails it", () => {
  it("refuses a schema keyword it does not understand rather than pass it", () => {
    const after = baseDocument();
    transaction(after).properties.amount = { allOf: [{ type: "integer" }, { minimum: 0 }] };
    expect(() => readContract(after)).toThrow(/allOf.*not understood/);
  });
});

describe("contract names", () => {
  it("name every part a changelog entry may list", () => {
    const names = contractNames(readContract(baseDocument()));
    for (const name of [
      "POST /api/v1/data",
      "POST /api/v1/data body",
      "POST /api/v1/data body.phone",
      "POST /api/v1/data body.tags[]",
      "POST /api/v1/data 201",
      "POST /api/v1/data 201 application/json",
      "header.X-Request-Id",
      "GET /api/v1/transactions/{clientReference} path.clientReference",
      "GET /api/v1/transactions/{clientReference} query.expand",
      "Transaction.token",
      "Transaction.status = failed",
      "Transaction.idempotentReplay = true",
      "TransactionService = Airtime",
      "WebhookEvent | TransactionEvent",
      "TransactionEvent.data",
      "webhook transaction.successful",
      "webhook transaction.successful body",
    ])
      expect(names, name).toContain(name);
  });
});
