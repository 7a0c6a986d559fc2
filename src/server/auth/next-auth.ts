/**
 * Portal sign-in: next-auth v4 with the Credentials provider and JWT sessions (no session table; the
 * encrypted cookie carries who the user is, and getSessionActor re-checks the user on every request).
 *
 * Secret: AUTH_SECRET, which src/bin/server.ts always sets (configured, or generated and kept in the
 * data folder). next-auth v4 would fall back to NEXTAUTH_SECRET / AUTH_SECRET on its own, but passing
 * it explicitly keeps getServerSession and the route handler on the same value.
 *
 * URL: next-auth v4 needs its own absolute URL for the redirects it answers with and to decide
 * whether cookies are `Secure` (an https URL switches to `__Secure-` cookie names). It takes it from
 * NEXTAUTH_URL; without that it assumes http://localhost:3000, which is wrong on any other host or
 * port. With AUTH_TRUST_HOST set (utils/detect-origin.js in 4.24) it instead builds the URL from
 * X-Forwarded-Proto and X-Forwarded-Host, which Next.js fills in from the socket and the Host header
 * when a request arrives without them (base-server.js). So: a deployment that knows its public URL
 * sets NEXTAUTH_URL and that wins; otherwise we trust the Host header. That is safe here because the
 * portal only ever redirects to relative paths of its own (see the redirect callback), so a forged
 * Host header can only mislead the client that sent it. NEXTAUTH_URL_INTERNAL matters only to
 * next-auth/react's server-side fetches, which this app does not make (it uses getServerSession).
 */
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import type { Role } from "~/generated/prisma/enums";
import { authSecret, env } from "~/env";
import { db } from "~/server/db";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { signInThrottle, SignInThrottledError, type SignInAttempt } from "~/server/auth/sign-in-throttle";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { throttledSignInCode } from "~/schemas/sign-in";

if (!env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "1";

declare module "next-auth" {
  interface User {
    id: string;
    email: string;
    role: Role;
    accountId: string | null;
  }
  interface Session {
    user: { id: string; email: string; role: Role; accountId: string | null; signedInAt: number };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    signedInAt?: number;
    userId?: string;
    role?: Role;
    accountId?: string | null;
  }
}

/** Portal sessions end after a working day; signing in again is cheap, a stolen cookie is not. */
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

const credentialsInput = z.object({
  email: z.string().trim().toLowerCase().min(3).max(320),
  // bcrypt only looks at the first 72 bytes; the cap keeps hashing cost bounded.
  password: z.string().min(1).max(200),
});

/**
 * Compared against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password
 * and response times do not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-only-for-equal-timing");
  return dummyHash;
}

/** Thrown to next-auth when sign-in cannot be decided (e.g. the database is down); its message reaches the browser. */
const SIGN_IN_UNAVAILABLE = "SignInUnavailable";

/** What authorize() is handed of the request: its headers, as a plain object with lower-case names. */
interface SignInRequest {
  headers?: Record<string, unknown>;
}

/** The address src/bin/server.ts computed for the request (never a client-chosen header); null when absent. */
function sourceAddressOf(request: SignInRequest | undefined): string | null {
  const value = request?.headers?.[SOURCE_ADDRESS_HEADER];
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The Credentials provider's authorize(): a user for a matching, enabled account, else null. Throttled
 * (src/server/auth/sign-in-throttle.ts): over the limit it throws, before looking at the password.
 * A refusal is logged with the user id when the e-mail is known, never with the e-mail or password
 * typed (people type passwords into the wrong field).
 */
export async function authorizeCredentials(credentials: Record<string, string> | undefined, request?: SignInRequest): Promise<User | null> {
  const parsed = credentialsInput.safeParse(credentials ?? {});
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const sourceIp = sourceAddressOf(request) ?? undefined;

  let attempt: SignInAttempt;
  try {
    attempt = await signInThrottle().begin(email, sourceIp ?? null);
  } catch (error) {
    // next-auth sends a thrown message to the client as the error code: the form reads the wait from it.
    if (error instanceof SignInThrottledError) throw new Error(throttledSignInCode(error.retryAfterSeconds));
    logger.error({ err: error }, "sign-in throttle unavailable");
    throw new Error(SIGN_IN_UNAVAILABLE);
  }

  let user;
  try {
    user = await db.user.findUnique({
      where: { email },
      select: { id: true, email: true, passwordHash: true, role: true, accountId: true, disabledAt: true },
    });
  } catch (error) {
    logger.error({ err: error }, "sign-in: user lookup failed");
    // next-auth sends a thrown message to the client as the error code; never let internals through.
    throw new Error(SIGN_IN_UNAVAILABLE);
  }

  if (!user) {
    await verifyPassword(password, await timingDummyHash());
    logger.info({ outcome: "unknown_email", sourceIp }, "sign-in refused");
    return null;
  }
  const matches = await verifyPassword(password, user.passwordHash);
  // Checked after the password so a disabled account answers exactly like a wrong password.
  if (!matches || user.disabledAt) {
    logger.info({ outcome: matches ? "user_disabled" : "wrong_password", userId: user.id, sourceIp }, "sign-in refused");
    return null;
  }
  // The user is in either way; a counter left behind only makes their next mistakes count sooner.
  await attempt.succeeded().catch((error: unknown) => logger.warn({ err: error }, "could not clear sign-in failures"));
  return { id: user.id, email: user.email, role: user.role, accountId: user.accountId };
}

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  // Our own page for both: next-auth's built-in pages are never shown.
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      authorize: (credentials, request) => authorizeCredentials(credentials, request),
    }),
  ],
  // next-auth's own errors and warnings as log lines of ours (its default prints prose to the console).
  logger: {
    error: (code, metadata) => {
      const err = metadata instanceof Error ? metadata : metadata.error;
      // A cookie that does not decrypt (forged, expired secret) is the client's problem, not ours: no stack.
      if (code === "JWT_SESSION_ERROR") logger.warn({ code, reason: err?.message }, "next-auth: session cookie refused");
      else logger.error({ code, err }, "next-auth error");
    },
    warn: (code) => logger.warn({ code }, "next-auth warning"),
    debug: () => {},
  },
  events: {
    // userRole, not role: every line's role is the process's ("server", "worker N").
    signIn: ({ user }) => logger.info({ userId: user.id, userRole: user.role, accountId: user.accountId }, "signed in"),
    signOut: ({ token }) => logger.info({ userId: token.userId }, "signed out"),
  },
  callbacks: {
    jwt({ token, user }) {
      // `user` is present only right after authorize(); later calls carry the token forward.
      if (user) {
        token.userId = user.id;
        token.email = user.email;
        token.role = user.role;
        token.accountId = user.accountId;
        // Not the JWT's iat, which next-auth renews as the session is used: the moment of sign-in.
        token.signedInAt = Date.now();
      }
      return token;
    },
    session({ session, token }) {
      if (token.userId && token.email && token.role) {
        session.user = {
          id: token.userId,
          email: token.email,
          role: token.role,
          accountId: token.accountId ?? null,
          signedInAt: token.signedInAt ?? 0,
        };
      }
      return session;
    },
    // Only our own paths: the origin next-auth computed may come from a client's Host header.
    redirect({ url, baseUrl }) {
      if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
      try {
        if (new URL(url).origin === baseUrl) return url;
      } catch {
        // not a URL: fall through to the home page
      }
      return baseUrl;
    },
  },
};
