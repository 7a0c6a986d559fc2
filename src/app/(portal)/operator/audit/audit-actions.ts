/**
 * The audit log's actions in words. New actions still show (by their stable name) before they are
 * added here.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "account.create": "Account created",
  "wallet.fund": "Wallet funded",
  "allowlist.add": "Allowlist entry added",
  "allowlist.remove": "Allowlist entry removed",
  "allowlist.require": "Allowlist requirement changed",
  "catalog.set": "Product catalog changed",
  "key.create": "API key created",
  "key.revoke": "API key revoked",
  "user.create": "User added",
  "user.disable": "User disabled",
  "user.enable": "User enabled",
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
  "webhook_endpoint.create": "Webhook endpoint added",
  "webhook_endpoint.update": "Webhook endpoint changed",
  "webhook_endpoint.delete": "Webhook endpoint deleted",
  "webhook_endpoint.rotate_secret": "Webhook secret rotated",
  "webhook_endpoint.resend": "Webhook deliveries resent",
  "webhook_endpoint.test": "Webhook test event sent",
  "wallet.set_low_balance_threshold": "Low-balance alert changed",
  "transaction.upstream_reversal": "Reversed by the upstream, refunded",
  "upstream.alert": "Upstream alert",
};

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
