/**
 * Where the sign-in form goes when it is submitted before its script has run (or with scripts off):
 * straight on to next-auth's credentials callback, which signs in and redirects to /dashboard, or back
 * to /sign-in?error=… for the page to put into words.
 *
 * next-auth accepts the form only with its CSRF double-submit: a token in the body equal to the one in
 * its CSRF cookie. A first visit has no such cookie (the script's signIn() would fetch one), and a page
 * cannot set cookies, so the page puts a fresh token in the form and this route sets next-auth's cookie
 * for it (next-auth's own format, core/lib/csrf-token.js: the token and its SHA-256 with the secret),
 * then sends the browser on with 307, which repeats the POST with its body. Only same-origin posts get
 * here: choosing the token is what CSRF protection must deny another site, and isCrossSiteRequest is the
 * rule the tRPC route keeps. The credentials, the throttle and the session stay next-auth's.
 */
import { createHash } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "~/env";
import { authOptions } from "~/server/auth/next-auth";
import { isCrossSiteRequest } from "~/server/http/cross-site-request";
import { bodyTooLarge, withBoundedBody } from "~/server/http/form-body";
import { servedOverTls } from "~/server/http/security-headers";

const CSRF_TOKEN = /^[0-9a-f]{64}$/;

export async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSiteRequest(request.headers)) return new NextResponse("Cross-site sign-in refused.", { status: 403 });
  // The browser sends the body again after the 307, so this copy is only read, within the limit.
  const bounded = await withBoundedBody(request);
  if (!bounded) return bodyTooLarge();
  const form = await bounded.formData().catch(() => null);
  const token = form?.get("csrfToken");
  const secret = authOptions.secret;
  // Relative locations: request.url's host is whatever the client sent.
  if (typeof token !== "string" || !CSRF_TOKEN.test(token) || !secret) {
    return new NextResponse(null, { status: 303, headers: { location: "/sign-in?csrf=true" } });
  }

  const secure = servedOverTls(env.NEXTAUTH_URL);
  const response = new NextResponse(null, { status: 307, headers: { location: "/api/auth/callback/credentials" } });
  response.cookies.set(
    `${secure ? "__Host-" : ""}next-auth.csrf-token`,
    `${token}|${createHash("sha256").update(`${token}${secret}`).digest("hex")}`,
    {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
    },
  );
  return response;
}
