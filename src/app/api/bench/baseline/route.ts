/**
 * A route handler that does no work: the benchmark's baseline, i.e. what Next.js itself costs per
 * request under our server. Dynamic, so it is measured as a handler and not served as a static file.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
}
