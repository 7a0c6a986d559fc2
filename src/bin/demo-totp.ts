/**
 * `npm run --silent demo:totp`: the demo operator's current two-factor code, from the secret published
 * for the demo (README "Demo data"), so a newcomer can sign in as the operator without an authenticator
 * app. It reads no database: it knows only the demo's public secret, so it signs in nobody real.
 */
import { currentTotpCode } from "~/server/auth/totp";
import { DEMO_OPERATOR_TOTP_SECRET } from "~/server/seed/seed-demo";

const code = currentTotpCode(DEMO_OPERATOR_TOTP_SECRET);
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${code}   (operator@demo.test, good for ${secondsLeft} more seconds; once per code)`);
