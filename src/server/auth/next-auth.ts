/**
 * Portal sign-in: next-auth v4 with the Credentials provider. The encrypted cookie (next-auth's JWT)
 * names a row of user_sessions, and every read of the session (the jwt callback below, so
 * getServerSession and /api/auth/session alike) checks that row and its user in the database
 * (read-active-session.ts): a session ends for good when its row does, on every process. next-auth's
 * "database" strategy would do the same but does not work with the Credentials provider.
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
import { signInWithCode, signInWithPassword, type SignInOutcome } from "~/server/auth/sign-in";
import { SignInThrottledError } from "~/server/auth/sign-in-throttle";
import { requestSourceAddress } from "~/server/http/request-source-address";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { readActiveSession } from "~/server/services/sessions/read-active-session";
import type { SessionGate } from "~/server/services/sessions/session-user";
import { SESSION_LIFETIME_MS } from "~/server/services/sessions/session-user";
import { signOutSession } from "~/server/services/sessions/sign-out-session";
import { isChallengeToken, throttledSignInCode, TWO_FACTOR_EXPIRED, twoFactorRequiredCode } from "~/schemas/sign-in";

if (!env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "1";

declare module "next-auth" {
  interface User {
    id: string;
    email: string;
    role: Role;
    accountId: string | null;
    sessionId: string;
  }
  interface Session {
    /** The session's row could not be read (the database is unreachable): this request fails, the cookie stays. */
    unreadable?: boolean;
    user: {
      id: string;
      email: string;
      role: Role;
      accountId: string | null;
      sessionId: string;
      signedInAt: number;
      gate: SessionGate | null;
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    unreadable?: boolean;
    sessionId?: string;
    signedInAt?: number;
    userId?: string;
    role?: Role;
    accountId?: string | null;
    gate?: SessionGate | null;
  }
}

const passwordInput = z.object({
  email: z.string().trim().toLowerCase().min(3).max(320),
  // bcrypt only looks at the first 72 bytes; the cap keeps hashing cost bounded.
  password: z.string().min(1).max(200),
});

const codeInput = z.object({
  challenge: z.string().refine(isChallengeToken),
  code: z.string().trim().min(6).max(40),
});

/** Thrown to next-auth when sign-in cannot be decided (e.g. the database is down); its message reaches the browser. */
const SIGN_IN_UNAVAILABLE = "SignInUnavailable";

/** What authorize() is handed of the request: its headers, as a plain object with lower-case names. */
interface SignInRequest {
  headers?: Record<string, unknown>;
}

function headerOf(request: SignInRequest | undefined, name: string): string | null {
  const value = request?.headers?.[name];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The session read ended, expired or was never there: next-auth clears the cookie, we log it as routine. */
class SessionNotActive extends Error {
  constructor() {
    super("The portal session has ended.");
  }
}

/** The outcome of sign-in as next-auth wants it: a user, null (refused), or an error whose message is the form's code. */
function forNextAuth(outcome: SignInOutcome): User | null {
  switch (outcome.kind) {
    case "signed_in":
      return { ...outcome.user, sessionId: outcome.sessionId };
    case "refused":
      return null;
    case "two_factor":
      throw new Error(twoFactorRequiredCode(outcome.challenge, outcome.invalid));
    case "challenge_expired":
      throw new Error(TWO_FACTOR_EXPIRED);
  }
}

/**
 * The Credentials provider's authorize(): the e-mail and password, or a two-factor challenge and its
 * code (src/server/auth/sign-in.ts). A refusal is logged with the user id when the e-mail is known,
 * never with the e-mail or password typed (people type passwords into the wrong field).
 */
export async function authorizeCredentials(credentials: Record<string, string> | undefined, request?: SignInRequest): Promise<User | null> {
  const context = { sourceIp: headerOf(request, SOURCE_ADDRESS_HEADER), userAgent: headerOf(request, "user-agent") };
  const byCode = codeInput.safeParse(credentials ?? {});
  const byPassword = byCode.success ? null : passwordInput.safeParse(credentials ?? {});
  if (!byCode.success && !byPassword?.success) return credentials?.challenge ? forNextAuth({ kind: "challenge_expired" }) : null;
  let outcome: SignInOutcome;
  try {
    outcome = byCode.success
      ? await signInWithCode(byCode.data.challenge, byCode.data.code, context)
      : await signInWithPassword(byPassword!.data!.email, byPassword!.data!.password, context);
  } catch (error) {
    // next-auth sends a thrown message to the client as the error code: the form reads the wait from it.
    if (error instanceof SignInThrottledError) throw new Error(throttledSignInCode(error.retryAfterSeconds));
    logger.error({ err: error }, "sign-in could not be decided");
    // Never let internals through.
    throw new Error(SIGN_IN_UNAVAILABLE);
  }
  return forNextAuth(outcome);
}

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  // The cookie's own lifetime; the session row's (set at sign-in, never renewed) is what decides.
  session: { strategy: "jwt", maxAge: SESSION_LIFETIME_MS / 1000 },
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
      // A session that ended (signed out, reset, disabled) is routine; a cookie that does not decrypt
      // (forged, expired secret) is the client's problem, not ours: no stack either way.
      if (code === "JWT_SESSION_ERROR" && err instanceof SessionNotActive) logger.info({ code }, "next-auth: ended session refused");
      else if (code === "JWT_SESSION_ERROR") logger.warn({ code, reason: err?.message }, "next-auth: session cookie refused");
      else logger.error({ code, err }, "next-auth error");
    },
    warn: (code) => logger.warn({ code }, "next-auth warning"),
    debug: () => {},
  },
  events: {
    // userRole, not role: every line's role is the process's ("server", "worker N").
    signIn: ({ user }) => logger.info({ userId: user.id, userRole: user.role, accountId: user.accountId }, "signed in"),
    // The row ends, so a copy of the cookie is refused from now on (read-active-session.ts).
    signOut: async ({ token }) => {
      await signOutSession(token.sessionId, await requestSourceAddress());
      logger.info({ userId: token.userId }, "signed out");
    },
  },
  callbacks: {
    async jwt({ token, user }) {
      // `user` is present only right after authorize(), which opened the session row.
      if (user) {
        token.sessionId = user.sessionId;
        token.userId = user.id;
        token.signedInAt = Date.now();
        return token;
      }
      // Every later read: the row decides. Thrown, next-auth answers "no session" and clears the cookie.
      let session: Awaited<ReturnType<typeof readActiveSession>>;
      try {
        session = await readActiveSession(token.sessionId, await requestSourceAddress());
      } catch (error) {
        // The database could not say: fail this request (session.ts), never sign everyone out in an outage.
        logger.error({ err: error }, "session could not be checked");
        return { ...token, unreadable: true };
      }
      if (!session) throw new SessionNotActive();
      delete token.unreadable;
      token.userId = session.user.id;
      token.email = session.user.email;
      token.role = session.user.role;
      token.accountId = session.user.accountId;
      token.gate = session.gate;
      token.signedInAt = session.signedInAt.getTime();
      return token;
    },
    session({ session, token }) {
      if (token.unreadable) return { ...session, unreadable: true };
      if (token.userId && token.email && token.role && token.sessionId) {
        session.user = {
          id: token.userId,
          email: token.email,
          role: token.role,
          accountId: token.accountId ?? null,
          sessionId: token.sessionId,
          signedInAt: token.signedInAt ?? 0,
          gate: token.gate ?? null,
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
