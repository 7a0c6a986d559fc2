/**
 * Step one of setting up two-factor sign-in: a new secret, kept as pending on the user until a code
 * from it confirms it (confirm-two-factor-enrolment.ts), and shown as a QR code and as text to type.
 * Starting again replaces the pending secret; nothing is in force yet, so nothing is audited here.
 */
import QRCode from "qrcode";
import type { UserActor } from "~/server/auth/session";
import { newTotpSecret, totpUri } from "~/server/auth/totp";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
  /** The URI as a QR code, an SVG data URL (the page's CSP allows `img-src data:`). */
  qrCode: string;
}

export async function startTwoFactorEnrolment(actor: UserActor): Promise<TwoFactorEnrolment> {
  const secret = newTotpSecret();
  const { count } = await db.user.updateMany({ where: { id: actor.userId, totpEnabledAt: null }, data: { totpPendingSecret: secret } });
  if (count !== 1)
    throw new AppError("two_factor.state", "Two-factor sign-in is already on. Turn it off first to move it to another device.");
  const uri = totpUri(secret, actor.email);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
