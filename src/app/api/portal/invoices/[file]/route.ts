/**
 * Invoice downloads for the portal (signed-in OWNER for their account; OPERATOR for any, by
 * ?account=). The same files as GET /api/v1/invoices/{period}.csv|pdf.
 */
import { accountFromSearchParams } from "~/schemas/account-param";
import { invoiceFileParams } from "~/schemas/rest";
import { invoiceResponse } from "~/server/rest/invoice-response";
import { sessionRoute } from "~/server/rest/session-route";

export const GET = sessionRoute(
  { signInMessage: "Please sign in to download invoices.", params: invoiceFileParams },
  async ({ request, actor, params }) => invoiceResponse(actor, accountFromSearchParams(new URL(request.url).searchParams), params),
);
