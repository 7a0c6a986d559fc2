/**
 * The source address of the request being served, as src/bin/server.ts computed it (never a header a
 * client chose: source-address.ts), for code that has no actor to carry it: next-auth's events and
 * the pages and procedures a signed-out visitor reaches. Null outside a request (a test calling in).
 */
import { headers } from "next/headers";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";

export async function requestSourceAddress(): Promise<string | null> {
  try {
    return (await headers()).get(SOURCE_ADDRESS_HEADER);
  } catch {
    return null;
  }
}
