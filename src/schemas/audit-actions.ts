/**
 * Every action the audit log records, with its name in words: the one table the log's page, its filter
 * and its CSV export read. recordAuditEntry takes only these actions (a new one does not compile until
 * it is named here), and audit-actions.test.ts finds the actions written in raw SQL as well.
 * Browser-safe: plain data.
 */
export const AUDIT_ACTION_LABELS = {
  "account.create": "Account created",
  "catalog.set": "Product catalog changed",
  "allowlist.add": "Allowlist entry added",
  "allowlist.remove": "Allowlist entry removed",
  "allowlist.require": "Allowlist requirement changed",
  "key.create": "API key created",
  "key.revoke": "API key revoked",
  "wallet.fund": "Wallet funded",
  "wallet.set_low_balance_threshold": "Low-balance alert changed",
  "funding_account.request": "Funding account requested",
  "bank_transfer.assign": "Bank transfer credited to an account",
  "bank_transfer.return": "Bank transfer marked returned",
  "test_wallet.top_up": "Test wallet topped up",
  "test_wallet.reset": "Test wallet reset",
  "test_wallet.simulated_transfer": "Test bank transfer simulated",
  "test_data.prune": "Old test data removed",
  "transaction.upstream_reversal": "Reversed by the upstream, refunded",
  "upstream.alert": "Upstream alert",
  "upstream.disable": "Upstream switched off",
  "upstream.enable": "Upstream switched on",
  "upstream.floor": "Upstream floor set",
  "upstream.below_floor": "Upstream balance below its floor",
  "upstream.above_floor": "Upstream balance back at or above its floor",
  "routes.set": "Product routes set",
  "route.disable": "Route switched off",
  "route.enable": "Route switched on",
  "route.cost": "Route cost changed",
  "network.created": "Network created",
  "network.updated": "Network changed",
  "plan.created": "Data plan created",
  "plan.updated": "Data plan changed",
  "bill_product.created": "Bill product created",
  "bill_product.updated": "Bill product changed",
  "price.account_set": "Account price changed",
  "price_list.created": "Price list created",
  "price_list.renamed": "Price list renamed",
  "price_list.price_set": "Price list price changed",
  "price_list.assigned": "Price list assigned",
  "user.create": "User added",
  "user.disable": "User disabled",
  "user.enable": "User enabled",
  "user.password_reset": "Password reset",
  "user.password_change": "Password changed",
  "user.two_factor_enable": "Two-factor sign-in turned on",
  "user.two_factor_disable": "Two-factor sign-in turned off",
  "user.two_factor_reset": "Two-factor sign-in reset",
  "user.recovery_codes_regenerate": "Recovery codes replaced",
  "invitation.create": "Staff invited",
  "invitation.accept": "Staff invitation accepted",
  "invitation.revoke": "Staff invitation withdrawn",
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in refused",
  "auth.sign_out": "Signed out",
  "auth.sign_out_everywhere": "Signed out everywhere",
  "auth.session_end": "Session ended",
  "auth.reauthentication_failed": "Password check failed",
  "webhook_endpoint.create": "Webhook endpoint added",
  "webhook_endpoint.update": "Webhook endpoint changed",
  "webhook_endpoint.delete": "Webhook endpoint deleted",
  "webhook_endpoint.rotate_secret": "Webhook secret rotated",
  "webhook_endpoint.resend": "Webhook deliveries resent",
  "webhook_endpoint.test": "Webhook test event sent",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action);
}

/** An action in words; one no longer written (or from a newer release) still shows, by its stable name. */
export function actionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
