/**
 * Reads a request body into memory only up to a limit, so a client cannot make the server hold an
 * arbitrarily large body. Content-Length is checked first, but it may be absent (chunked) or wrong, so
 * what actually arrives is counted too; past the limit the rest is left unread.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  // A copy into a plain ArrayBuffer, which is what a Request or Response body may be built from.
  return new Uint8Array(Buffer.concat(chunks));
}
