/**
 * The baseline's twin for requests with a body: reads a small JSON body and answers without doing any
 * work. The purchase scenarios are POSTs, and Next.js spends more on a request with a body than on a
 * GET; this shows how much, so the purchase figures can be read against both. Served only to the
 * benchmark (BENCH_ROUTES=1), and it reads no more of a body than a purchase may send.
 */
import { env } from "~/env";
import { readBodyWithin } from "~/server/http/read-body-within";
import { requestIdOf } from "~/server/http/request-id";
import { MAX_BODY_BYTES } from "~/server/rest/api-route";
import { noEndpointResponse, problemResponse } from "~/server/rest/error-response";
import { problem } from "~/server/rest/problem";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  if (env.BENCH_ROUTES !== "1") return noEndpointResponse(request);
  if (!(await readBodyWithin(request, MAX_BODY_BYTES))) {
    return problemResponse(problem(413, `The request body must be at most ${MAX_BODY_BYTES} bytes.`), requestIdOf(request));
  }
  return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
}
