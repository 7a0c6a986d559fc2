/**
 * The invitation page's one procedure (/invite/<token>, docs/security.md "Staff invitations"): using the
 * link. Public: the person has no sign-in yet, and the token is the proof. Its answer is the same
 * whether or not a user was created (accept-staff-invitation.ts).
 */
import { acceptInvitationForm } from "~/schemas/invitations";
import { acceptStaffInvitation } from "~/server/services/invitations/accept-staff-invitation";
import { createTRPCRouter, publicProcedure } from "~/server/trpc/init";

export const invitationsRouter = createTRPCRouter({
  accept: publicProcedure
    .input(acceptInvitationForm)
    .mutation(({ ctx, input }) => acceptStaffInvitation(input, { sourceIp: ctx.sourceIp ?? null })),
});
