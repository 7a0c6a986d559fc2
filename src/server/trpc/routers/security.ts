/**
 * A person's own security page (every role), and the pages a gated session is sent to: choosing a
 * new password after a temporary one, and setting up two-factor sign-in (required for operators).
 * Those steps are signedInProcedures; everything else needs a full session.
 */
import { changePasswordInput, confirmTwoFactorInput, endSessionInput, freshCodeInput } from "~/schemas/security";
import { changeOwnPassword } from "~/server/services/security/change-own-password";
import { confirmTwoFactorEnrolment } from "~/server/services/security/confirm-two-factor-enrolment";
import { disableTwoFactor } from "~/server/services/security/disable-two-factor";
import { endOwnSessions } from "~/server/services/security/end-own-sessions";
import { getSecurityOverview } from "~/server/services/security/get-security-overview";
import { regenerateRecoveryCodes } from "~/server/services/security/regenerate-recovery-codes";
import { startTwoFactorEnrolment } from "~/server/services/security/start-two-factor-enrolment";
import { createTRPCRouter, protectedProcedure, signedInProcedure } from "~/server/trpc/init";

export const securityRouter = createTRPCRouter({
  overview: protectedProcedure.query(({ ctx }) => getSecurityOverview(ctx.actor)),

  changePassword: signedInProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changeOwnPassword(ctx.actor, input)),

  startTwoFactor: signedInProcedure.mutation(({ ctx }) => startTwoFactorEnrolment(ctx.actor)),

  confirmTwoFactor: signedInProcedure
    .input(confirmTwoFactorInput)
    .mutation(({ ctx, input }) => confirmTwoFactorEnrolment(ctx.actor, input)),

  disableTwoFactor: protectedProcedure.input(freshCodeInput).mutation(({ ctx, input }) => disableTwoFactor(ctx.actor, input)),

  regenerateRecoveryCodes: protectedProcedure.input(freshCodeInput).mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.actor, input)),

  endSession: protectedProcedure.input(endSessionInput).mutation(({ ctx, input }) => endOwnSessions(ctx.actor, input)),

  signOutEverywhere: signedInProcedure.mutation(({ ctx }) => endOwnSessions(ctx.actor)),
});
