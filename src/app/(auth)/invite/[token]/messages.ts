/**
 * What the invitation page says, in one place: a link that cannot be used, whatever the reason, and the
 * answer to using one, which is the same whether or not it created a user (accept-staff-invitation.ts),
 * so it is worded for both readers.
 */
export const LINK_NOT_USABLE = "It may have expired, been revoked or been used already. Ask the account owner for a new invitation.";

export const INVITATION_USED = [
  "If this address had no sign-in here, it is ready: sign in with your new password.",
  "If it already had one, an invitation cannot add it to a second account: sign in as before, or ask the account owner to invite another address.",
] as const;
