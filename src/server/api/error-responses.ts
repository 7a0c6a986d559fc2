/**
 * The error responses every operation documents beyond its own (authentication, allowlist, validation,
 * body limits, rate limit, 500), with examples produced by the same problem+json code the API answers
 * with, so an example cannot show a shape the API never sends.
 */
import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { EXAMPLE_REQUEST_ID, problemDetails } from "~/schemas/api";
import { AppError, ERROR_TABLE, type ErrorName } from "~/server/errors";
import { MAX_BODY_BYTES } from "~/server/rest/api-route";
import { INTERNAL_PROBLEM, problem, problemFromAppError, type Problem } from "~/server/rest/problem";
import { standardHeaders, type OperationSpec } from "./operation";

const retryAfterHeader = z
  .int()
  .positive()
  .meta({ description: "Seconds to wait before trying again.", example: 30, header: { id: "Retry-After" } });
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Requests this API key may make per window.", schema: z.int().positive(), example: 100 },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: z.int().min(0), example: 0 },
  "RateLimit-Reset": { description: "Seconds until the window ends and the count starts again.", schema: z.int().min(0), example: 1 },
};
const WHEN_SENT =
  "Sent on every answer to a request counted against the key's limit (every request past the key and the allowlist); absent when the operator has turned limits off, and on a 500 from before the count.";

/**
 * A 429 always carries them. Everywhere else they are optional, since an operator may turn limits off
 * (`API_RATE_LIMIT=0`) and a limiter that cannot be asked lets requests through without them; two
 * component ids, because `required` belongs to the header object, not to the response.
 */
function rateLimitHeaders(required: boolean) {
  return Object.fromEntries(
    Object.entries(RATE_LIMIT_HEADERS).map(([name, { description, schema, example }]) => {
      const header = required
        ? schema.meta({ description, example, header: { id: `${name}-Exceeded` } })
        : schema.optional().meta({ description: `${description} ${WHEN_SENT}`, example, header: { id: name } });
      return [name, header];
    }),
  );
}

/** What each error name means, in the words a reseller's developer needs. */
const ERROR_HELP: Partial<Record<ErrorName, string>> = {
  unauthorized: "The API key is missing, malformed, unknown or revoked.",
  "ip.not_allowed": "The request's source address is not on the account's allowlist (the reason names the address).",
  "ip.not_configured": "The account requires an IP allowlist and has none yet.",
  "wallet.insufficient_funds": "The wallet balance does not cover the price. Nothing was charged.",
  "plan.not_found": "No data plan or bill product with this `planId` (for bills: within this service).",
  "network.not_found": "No network with this `networkId`. See GET /api/v1/networks.",
  "service.not_found": "No bill service by that name: use `cable-tv`, `electricity`, `education` or `broadband`.",
  "transaction.not_found": "No transaction of this account with this `clientReference`.",
  "invoice.not_found": "The month is before the account was opened: there is no invoice for it.",
  "invoice.live_only": "Invoices are live documents: a test key (`pk_test_`) cannot download them. Use a live key.",
  "transaction.idempotency_conflict": "This `clientReference` was already used for a different order. Nothing was vended or charged.",
  "customer.invalid": "The biller does not know this customer id (sandbox: customer ids ending in 9999).",
  "amount.out_of_range":
    "The amount is outside the bounds of the product or network (`minAmount`/`maxAmount`, `airtimeMinAmount`/`airtimeMaxAmount`).",
  "plan.unavailable":
    "The data plan or bill product exists but is not on sale now (withdrawn by us, or its network is). Nothing was charged; see the listings for what is. A retry of an order already made is still answered from the stored transaction.",
  "network.unavailable":
    "The network exists but its airtime is not on sale now. Nothing was charged; see GET /api/v1/networks for what is.",
  "webhook_endpoint.not_found": "No webhook endpoint of this account with this id.",
  "webhook_endpoint.limit_reached": "The account already has as many webhook endpoints as it may; delete one first.",
  "webhook_endpoint.disabled": "The endpoint is disabled (by you, or by the service after 410 Gone or days of failures); enable it first.",
  "webhook_delivery.not_found": "No delivery to this endpoint with this id. See the endpoint's deliveries.",
  "rate_limit.exceeded": "Too many requests; wait `Retry-After` seconds.",
  "provider.unavailable": "The biller cannot be reached right now. Nothing was charged; try again shortly.",
  "funding.test_mode_only": "Transfers can only be simulated with a `pk_test_` key; a live wallet is funded by a real transfer.",
};

const STATUS_SUMMARY: Record<number, string> = {
  400: "Validation failed",
  401: "Missing or invalid API key",
  402: "Insufficient funds",
  403: "Source address not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  415: "Request body is not JSON",
  422: "Rejected by the biller, out of range, or not on sale",
  429: "Too many requests",
  500: "Unexpected error",
  503: "Provider unavailable",
};

function problemResponse(status: number, lines: string[], examples: Record<string, Problem>, headers: z.ZodObject = standardHeaders) {
  return {
    description: [`**${STATUS_SUMMARY[status] ?? "Error"}.**`, ...lines].join("\n\n"),
    headers,
    content: {
      "application/problem+json": {
        schema: problemDetails,
        // As problemAnswer sends them: with the request id.
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value: { ...value, requestId: EXAMPLE_REQUEST_ID } }]),
        ),
      },
    },
  };
}

function namedErrors(status: number, names: ErrorName[]) {
  const lines = names.map((name) => `- \`${status === 401 ? "generalErrors" : name}\`: ${ERROR_HELP[name] ?? ERROR_TABLE[name].title}`);
  const examples = Object.fromEntries(names.map((name) => [name, problemFromAppError(new AppError(name, ERROR_HELP[name] ?? name))]));
  return problemResponse(
    status,
    lines,
    examples,
    status === 429 ? standardHeaders.extend({ "Retry-After": retryAfterHeader, ...rateLimitHeaders(true) }) : standardHeaders,
  );
}

/**
 * 401 has no key to count against and 403 is not counted (docs/integrating.md "Rate limits"); 429 has the
 * required ones.
 */
const WITHOUT_OPTIONAL_RATE_LIMIT_HEADERS = new Set(["401", "403", "429"]);

/**
 * Adds the optional RateLimit-* headers to every response of an authenticated operation that can
 * follow the count (apiRoute sets them on successes and problems alike); 429 has its own, required.
 */
export function withRateLimitHeaders(spec: OperationSpec, responses: ZodOpenApiResponsesObject): ZodOpenApiResponsesObject {
  if (spec.public) return responses;
  const optional = rateLimitHeaders(false);
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      // An operation's own 403 (funding.test_mode_only) comes after the count, so it may carry them.
      const ownForbidden = status === "403" && (spec.errors ?? []).some((name) => ERROR_TABLE[name].status === 403);
      if (WITHOUT_OPTIONAL_RATE_LIMIT_HEADERS.has(status) && !ownForbidden) return [status, response];
      // Every response is built on standardHeaders; one that is not would silently lose these.
      if (!("headers" in response) || !(response.headers instanceof z.ZodObject))
        throw new Error(`${spec.operationId} ${status}: headers must extend standardHeaders`);
      return [status, { ...response, headers: response.headers.extend(optional) }];
    }),
  );
}

function validationErrors(fields: string[], hasBody: boolean) {
  const names = [...fields.map((field) => `\`${field}\``), ...(hasBody ? ["`generalErrors` (the body is not valid JSON)"] : [])];
  const [first = "generalErrors"] = fields;
  const example = problemFromAppError(
    new AppError("validation.failed", "must not be empty", [{ name: first, reason: "must not be empty" }]),
  );
  return problemResponse(400, [`One entry in \`errors\` per offending field; \`name\` is one of: ${names.join(", ")}.`], {
    [first]: example,
  });
}

/**
 * Fields that can be refused with a 400. Path segments taken as any string by design (an unknown
 * service or reference is a 404) are among them: a NUL or invalid Unicode in any of them is a 400.
 */
function validatedFields({ request }: OperationSpec): string[] {
  return [request.params, request.query, request.body].flatMap((schema) => Object.keys(schema?.shape ?? {}));
}

export function errorResponses(spec: OperationSpec): ZodOpenApiResponsesObject {
  if (spec.public) return {};
  const responses: ZodOpenApiResponsesObject = {};
  const fields = validatedFields(spec);
  if (fields.length > 0) responses["400"] = validationErrors(fields, spec.request.body !== undefined);
  responses["401"] = namedErrors(401, ["unauthorized"]);
  // An operation's own 403s join the allowlist's, which every authenticated operation has.
  const byStatus = new Map<number, ErrorName[]>([[403, ["ip.not_allowed", "ip.not_configured"]]]);
  for (const name of spec.errors ?? []) {
    const status = ERROR_TABLE[name].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  for (const [status, names] of byStatus) responses[`${status}` as `4${string}`] = namedErrors(status, names);
  if (spec.request.body) {
    const tooLarge = problem(413, `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
    const notJson = problem(415, "The request body must be JSON: send 'Content-Type: application/json'.");
    responses["413"] = problemResponse(413, [`The body is larger than ${MAX_BODY_BYTES} bytes. \`errors[].name\` is \`generalErrors\`.`], {
      generalErrors: tooLarge,
    });
    responses["415"] = problemResponse(
      415,
      ["The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`."],
      { generalErrors: notJson },
    );
  }
  responses["429"] = namedErrors(429, ["rate_limit.exceeded"]);
  responses["500"] = problemResponse(500, ["Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`."], {
    generalErrors: INTERNAL_PROBLEM,
  });
  return responses;
}
