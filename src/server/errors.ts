/**
 * The one error type of the service layer. Services throw an AppError with a stable name; the
 * transports (REST problem+json, tRPC, the operator CLI) translate it through ERROR_TABLE and never
 * invent their own. Anything that is not an AppError is an unexpected 500 with nothing internal shown.
 */

export const ERROR_TABLE = {
  "validation.failed": { status: 400, title: "Bad Request", trpc: "BAD_REQUEST" },
  unauthorized: { status: 401, title: "Unauthorized", trpc: "UNAUTHORIZED" },
  "wallet.insufficient_funds": { status: 402, title: "Insufficient funds", trpc: "PRECONDITION_FAILED" },
  forbidden: { status: 403, title: "Forbidden", trpc: "FORBIDDEN" },
  "ip.not_allowed": { status: 403, title: "Source IP address is not on the allowlist", trpc: "FORBIDDEN" },
  "ip.not_configured": { status: 403, title: "IP allowlist is not configured", trpc: "FORBIDDEN" },
  "account.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "user.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "key.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "allowlist.entry_not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "plan.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "network.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "service.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "transaction.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "invoice.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "price_list.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "webhook_endpoint.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "webhook_delivery.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "session.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "bank_transfer.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  "batch.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  // A staff invitation that is not pending: unknown, expired, revoked or used, all told alike.
  "invitation.not_found": { status: 404, title: "Not Found", trpc: "NOT_FOUND" },
  // Operators only: they see every account, so naming a taken e-mail discloses nothing to them.
  "user.email_taken": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // An owner's invitation of an address already on their own team, or already invited and pending.
  "invitation.already_on_team": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  "invitation.pending": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // Disabling the only operator still active would leave nobody to run the service.
  "user.last_operator": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // A wrong current password or code where a change asks for one (docs/security.md).
  "auth.wrong_password": { status: 403, title: "Forbidden", trpc: "FORBIDDEN" },
  "auth.wrong_code": { status: 403, title: "Forbidden", trpc: "FORBIDDEN" },
  // Two-factor sign-in is on, or off, already; or enrolment was not started.
  "two_factor.state": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // Invoices are live documents: a test key (pk_test_) is not given them (docs/integrating.md "Test mode").
  "invoice.live_only": { status: 403, title: "Invoices are live only", trpc: "FORBIDDEN" },
  "wallet.duplicate_funding_reference": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  "allowlist.entry_exists": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  "allowlist.required_by_policy": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  "transaction.idempotency_conflict": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // A batchReference already used for a batch of other orders (DESIGN.md §7.1).
  "batch.idempotency_conflict": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // Catalog administration (operators): an id or a name that is already taken.
  "catalog.id_taken": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  "price_list.name_taken": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // An account has as many webhook endpoints as it may (MAX_WEBHOOK_ENDPOINTS).
  "webhook_endpoint.limit_reached": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // A resend or test event to an endpoint that is disabled (by its owner, or after 410 / days of failures).
  "webhook_endpoint.disabled": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // An operator assigning or returning a bank transfer that is no longer in the unmatched queue.
  "bank_transfer.already_resolved": { status: 409, title: "Conflict", trpc: "CONFLICT" },
  // A simulated bank transfer asked for with a live key or outside the portal's Test data view.
  "funding.test_mode_only": { status: 403, title: "Forbidden", trpc: "FORBIDDEN" },
  "customer.invalid": { status: 422, title: "Unprocessable Entity", trpc: "UNPROCESSABLE_CONTENT" },
  "amount.out_of_range": { status: 422, title: "Unprocessable Entity", trpc: "UNPROCESSABLE_CONTENT" },
  // A plan, bill product or network that exists but is not on sale now (deactivated by an operator).
  "plan.unavailable": { status: 422, title: "Unprocessable Entity", trpc: "UNPROCESSABLE_CONTENT" },
  "network.unavailable": { status: 422, title: "Unprocessable Entity", trpc: "UNPROCESSABLE_CONTENT" },
  "rate_limit.exceeded": { status: 429, title: "Too Many Requests", trpc: "TOO_MANY_REQUESTS" },
  "provider.unavailable": { status: 503, title: "Service Unavailable", trpc: "INTERNAL_SERVER_ERROR" },
  // Funding by bank transfer is not configured on this deployment (no PAYSTACK_SECRET_KEY).
  "funding.not_configured": { status: 503, title: "Service Unavailable", trpc: "INTERNAL_SERVER_ERROR" },
  // Readiness (GET /api/ready): this process cannot serve yet, or no longer can.
  "database.unreachable": { status: 503, title: "Service Unavailable", trpc: "INTERNAL_SERVER_ERROR" },
  "database.migrations_pending": { status: 503, title: "Service Unavailable", trpc: "INTERNAL_SERVER_ERROR" },
} as const;

export type ErrorName = keyof typeof ERROR_TABLE;

/** One problem per offending field (`name` is the field path) or `generalErrors`. */
export interface FieldProblem {
  name: string;
  reason: string;
}

export class AppError extends Error {
  readonly code: ErrorName;
  readonly fieldErrors: FieldProblem[] | undefined;

  constructor(code: ErrorName, message: string, fieldErrors?: FieldProblem[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
