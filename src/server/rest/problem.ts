/**
 * application/problem+json responses (DESIGN.md §3.4): { type, title, status, detail, errors[] } with
 * each errors[].reason carrying the detail's message. The IP-allowlist 403s omit `detail`.
 */
import { type AppError, ERROR_TABLE, type FieldProblem } from "~/server/errors";

const TYPE_BY_STATUS: Record<number, string> = {
  400: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1",
  401: "https://www.rfc-editor.org/rfc/rfc7235#section-3.1",
  402: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.3",
  403: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.4",
  404: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.5",
  405: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6",
  408: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.9",
  409: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.10",
  413: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14",
  415: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.16",
  417: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.18",
  422: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.21",
  429: "https://www.rfc-editor.org/rfc/rfc6585#section-4",
  431: "https://www.rfc-editor.org/rfc/rfc6585#section-5",
  500: "https://www.rfc-editor.org/rfc/rfc9110#section-15.6.1",
  503: "https://www.rfc-editor.org/rfc/rfc9110#section-15.6.4",
};

const GENERIC_TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  417: "Expectation Failed",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/** Error names that are reported per field rather than under their own name. */
const FIELD_LEVEL = new Set(["validation.failed"]);
/** The allowlist rejections carry no `detail` (the contract's form). */
const WITHOUT_DETAIL = new Set(["ip.not_allowed", "ip.not_configured"]);

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors: FieldProblem[];
}

export function problem(status: number, detail: string, errors?: FieldProblem[], title?: string): Problem {
  return {
    type: TYPE_BY_STATUS[status] ?? "about:blank",
    title: title ?? GENERIC_TITLES[status] ?? "Error",
    status,
    detail,
    errors: errors ?? [{ name: "generalErrors", reason: detail }],
  };
}

export function problemFromAppError(error: AppError): Problem {
  const { status, title } = ERROR_TABLE[error.code];
  if (FIELD_LEVEL.has(error.code) && error.fieldErrors?.length) {
    const detail = error.fieldErrors.length === 1 ? error.fieldErrors[0]!.reason : error.message;
    return problem(status, detail, error.fieldErrors, title);
  }
  const name = status === 401 ? "generalErrors" : error.code;
  const body = problem(status, error.message, [{ name, reason: error.message }], title);
  if (WITHOUT_DETAIL.has(error.code)) delete body.detail;
  return body;
}

export const INTERNAL_PROBLEM = problem(500, "An unexpected error occurred.");

/**
 * The 404 of an API path no endpoint serves, wherever it is noticed: the Node server answers it for
 * /api/v1 (with the 405s, from the one list of endpoints), the catch-all route for the rest of /api.
 */
export const NO_ENDPOINT_PROBLEM = problem(404, "No endpoint at this path. The API reference is at /docs (/api/v1/openapi.json).");
