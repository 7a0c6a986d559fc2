/**
 * Invoice downloads for the portal (signed-in OWNER for their account; OPERATOR for any, by
 * ?account=). The same files as GET /api/v1/invoices/{period}.csv|pdf.
 */
import { randomUUID } from "node:crypto";
import { accountFromSearchParams } from "~/schemas/account-param";
import { getSessionActor } from "~/server/auth/session";
import { AppError, isAppError } from "~/server/errors";
import { logger } from "~/server/log";
import { invoiceResponse } from "~/server/rest/invoice-response";
import { toJsonText } from "~/server/rest/json";
import { INTERNAL_PROBLEM, problemFromAppError } from "~/server/rest/problem";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  try {
    const actor = await getSessionActor();
    if (!actor) throw new AppError("unauthorized", "Please sign in to download invoices.");
    return await invoiceResponse(actor, accountFromSearchParams(new URL(request.url).searchParams), (await params).file);
  } catch (error) {
    const body = isAppError(error) ? problemFromAppError(error) : INTERNAL_PROBLEM;
    if (!isAppError(error)) logger.error({ err: error }, "portal invoice download failed");
    return new Response(toJsonText(body), {
      status: body.status,
      headers: { "content-type": "application/problem+json", "x-request-id": randomUUID() },
    });
  }
}
