/**
 * Inputs of the account administration reads and changes shared by the owner's pages (API keys,
 * allowlist, team) and the operator console. Browser-safe: zod only.
 */
import { z } from "zod";
import { pageForPath } from "~/components/portal-pages";
import { idInput, onOffInput, requiredText } from "./fields";

export const accountScopeInput = z.object({ accountId: idInput() });
export type AccountScopeInput = z.input<typeof accountScopeInput>;

export const setUserDisabledInput = z.object({ userId: idInput(), disabled: onOffInput() });
export type SetUserDisabledInput = z.input<typeof setUserDisabledInput>;

/**
 * The API-keys page's "create key" form (the account is the signed-in owner's). A test key (pk_test_)
 * buys from the sandbox with the test wallet (docs/integrating.md "Test mode"); live unless chosen.
 */
export const newApiKeyForm = z.object({
  name: requiredText(100),
  mode: z.enum(["live", "test"], "must be live or test").default("live"),
});
export type NewApiKeyForm = z.input<typeof newApiKeyForm>;

/**
 * The test wallet's opening balance, and what
 * "Reset" restores by default: ₦1,000,000 of play money (docs/integrating.md "Test mode").
 */
export const TEST_WALLET_OPENING_BALANCE_KOBO = 100_000_000;
/** The most one top-up or reset may set: play money, but bounded so a typo cannot make a nonsense balance. */
export const MAX_TEST_WALLET_KOBO = 10_000_000_000;

const testWalletKobo = z.coerce
  .number("must be a whole number of kobo")
  .int("must be a whole number of kobo")
  .max(MAX_TEST_WALLET_KOBO, `must be at most ${MAX_TEST_WALLET_KOBO} kobo`);

/** The owner's "Top up" of the test wallet: play money added (a FUNDING entry, which fires a test wallet.funded). */
export const topUpTestWalletInput = z.object({
  accountId: idInput(),
  amount: testWalletKobo.positive("must be a positive number of kobo"),
});
export type TopUpTestWalletInput = z.input<typeof topUpTestWalletInput>;

/** The owner's "Reset": the test wallet set to a balance (the opening one by default; 0 to try a 402). */
export const resetTestWalletInput = z.object({
  accountId: idInput(),
  balance: testWalletKobo.nonnegative("must not be negative").default(TEST_WALLET_OPENING_BALANCE_KOBO),
});
export type ResetTestWalletInput = z.input<typeof resetTestWalletInput>;

/** The owner's "Top up" form: the account is the signed-in owner's, the amount in kobo (the form converts naira). */
export const testWalletTopUpForm = topUpTestWalletInput.omit({ accountId: true });
export type TestWalletTopUpForm = z.input<typeof testWalletTopUpForm>;

/** The owner's "Reset" form, for the signed-in owner's account. */
export const testWalletResetForm = resetTestWalletInput.omit({ accountId: true });
export type TestWalletResetForm = z.input<typeof testWalletResetForm>;

/**
 * A page of this portal to send the browser back to, or nothing (the switch then goes to /dashboard).
 * Only printable URL characters (no whitespace or control characters, which browsers strip or which
 * cannot be put in a header, nor a backslash), resolving on this origin to one of the portal's pages
 * (portal-pages.ts); it is given back re-serialised, so `/\t/evil.example` or `//evil.example` can
 * never become a Location that leaves the site.
 */
const portalPath = z
  .string()
  .max(2000)
  .regex(/^\/[A-Za-z0-9\-._~/?=&%+:@!$'()*,;]*$/)
  .transform((path, context) => {
    const base = "https://portal.invalid";
    const url = new URL(path, base);
    if (url.origin !== base || pageForPath(url.pathname) === null) {
      context.addIssue({ code: "custom", message: "must be a page of this portal" });
      return z.NEVER;
    }
    return `${url.pathname}${url.search}`;
  });

/**
 * The portal's "Test data" switch (docs/integrating.md "Test mode"), posted as a plain form by the header's
 * switch and the banner.
 */
export const testDataSwitchForm = z.object({
  mode: z.enum(["live", "test"], "must be live or test"),
  returnTo: portalPath.catch("/dashboard"),
});
export type TestDataSwitchForm = z.input<typeof testDataSwitchForm>;
