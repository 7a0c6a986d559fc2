/**
 * The baseline's twin for requests with a body: reads a small JSON body and answers without doing any
 * work. The purchase scenarios are POSTs, and Next.js spends more on a request with a body than on a
 * GET; this shows how much, so the purchase figures can be read against both.
 */
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  await request.text();
  return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
}
