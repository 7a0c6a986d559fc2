import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "~/server/auth/next-auth";
import { bodyTooLarge, withBoundedBody } from "~/server/http/form-body";

const nextAuth = NextAuth(authOptions) as (request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

/** next-auth reads its forms whole; give it the body only once it has arrived within the limit (form-body.ts). */
async function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  const bounded = await withBoundedBody(request);
  if (!bounded) return bodyTooLarge();
  return nextAuth(bounded === request ? request : new NextRequest(bounded), context);
}

export { handler as GET, handler as POST };
