/**
 * POST /api/portal/mode: the portal's "Test data" switch (docs/integrating.md "Test mode"). The header's switch and
 * the test-data banner post a plain form here (mode=test|live and the page to go back to); the answer
 * sets or clears the cookie getSessionActor reads and sends the browser back with 303, so the page is
 * rendered again, every query with it, in the new mode. A form rather than a tRPC mutation: the portal's
 * tRPC answers are streamed, and a cookie set by a procedure can miss the response's headers.
 *
 * CSRF: the session cookie is SameSite=Lax, so another site's form arrives signed out, and a sibling
 * subdomain's (same site) is refused by isCrossSiteRequest, the rule of the tRPC route and of
 * /sign-in/submit.
 */
import { NextResponse } from "next/server";
import { testDataSwitchForm } from "~/schemas/account-admin";
import { testDataCookie } from "~/server/auth/session";
import { AppError } from "~/server/errors";
import { isCrossSiteRequest } from "~/server/http/cross-site-request";
import { bodyTooLarge, withBoundedBody } from "~/server/http/form-body";
import { sessionRoute } from "~/server/rest/session-route";
import { parseInput } from "~/server/validation/parse-input";

export const dynamic = "force-dynamic";

export const POST = sessionRoute(
  { signInMessage: "Sign in to the portal to switch between live and test data." },
  async ({ request, actor }) => {
    if (isCrossSiteRequest(request.headers)) throw new AppError("forbidden", "Cross-site requests are not accepted.");
    if (actor.role === "OPERATOR") throw new AppError("forbidden", "Operators always work with live data.");

    const bounded = await withBoundedBody(request);
    if (!bounded) return bodyTooLarge();
    const form = await bounded.formData().catch(() => null);
    const { mode, returnTo } = parseInput(testDataSwitchForm, form ? Object.fromEntries(form) : {});

    // A relative location: request.url's host is whatever the client sent.
    const response = new NextResponse(null, { status: 303, headers: { location: returnTo, "cache-control": "no-store" } });
    const { name, secure } = testDataCookie();
    const options = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
    // The user's id: the switch is theirs, not the browser's (session.ts).
    if (mode === "test") response.cookies.set(name, actor.userId, options);
    else response.cookies.set(name, "", { ...options, maxAge: 0 });
    return response;
  },
);
