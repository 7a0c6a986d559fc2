/**
 * The owner's webhooks page, against a receiver this spec runs on 127.0.0.1 that verifies every
 * delivery with the `standardwebhooks` library (src/test/webhook-receiver.ts): an endpoint added in
 * the portal shows its secret once; a test event arrives signed and shows as succeeded; a purchase's
 * event that the receiver refuses shows as retrying with each attempt, and the owner's retry gets it
 * through; edits, a rotated secret (both secrets sign during the overlap), a 410 that makes the
 * service disable the endpoint and the owner re-enabling it, deletion. Also the low-balance alert,
 * the forms' problems, a phone's width, and staff and operators turned away.
 *
 * On the demo account, so the spec also runs against the development server (playwright.config.ts),
 * which has no fixture database. Other specs buy on that account meanwhile: their events reach this
 * receiver too, answered 204, and everything here is found by its own event id.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from "../src/test/webhook-receiver";
import { signedInAs } from "./fixtures/demo";
import { openDialog } from "./fixtures/dialogs";
import { demoApiKeyFileFor } from "./fixtures/e2e-server";
import { expectFitsScreen } from "./fixtures/layout";

/**
 * How long a delivery may take to show. The worker polls every 500 ms and the first retry comes 5 s
 * after a refusal, but the development server compiles a page on its first visit, which holds its
 * event loop (and so its webhook worker) for seconds at a time on two cores: a 20 s wait for the
 * retry timed out once in CI on the dev server.
 */
const DELIVERY_TIMEOUT_MS = 60_000;

function endpointCard(page: Page, url: string): Locator {
  return page.getByRole("region", { name: url, exact: true });
}

function deliveryItem(card: Locator, eventId: string): Locator {
  return card.getByRole("list", { name: "Recent deliveries" }).getByRole("listitem").filter({ hasText: eventId }).first();
}

/** The deliveries of one event the receiver got so far. */
function arrivals(receiver: WebhookReceiver, eventId: string): ReceivedDelivery[] {
  return receiver.received.filter((delivery) => delivery.id === eventId);
}

test.describe("as the owner", () => {
  test.use({ storageState: signedInAs("owner") });

  let receiver: WebhookReceiver;
  test.beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test("adds an endpoint, sees test and purchase events delivered, retries a refused one, rotates, re-enables and deletes", async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    // The defaults are ticked, the opt-in transaction.pending is not.
    const form = page.getByRole("form", { name: "Add an endpoint" });
    await expect(form.getByRole("checkbox", { name: /^transaction\.successful/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^wallet\.low_balance/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^transaction\.pending/ })).not.toBeChecked();

    // A path of its own, so this endpoint's card is told apart from any other spec run's.
    const url = `${receiver.url}/${randomBytes(4).toString("hex")}`;
    const description = `e2e ${randomBytes(3).toString("hex")}`;
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Description (optional)").fill(description);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const shown = await openDialog(page, "Endpoint added: its signing secret");
    const secret = await shown.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole("button", { name: "Copy secret" }).click();
    await expect(shown.getByText("Copied to the clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole("button", { name: "I've stored the secret" }).click();
    await expect(shown).toBeHidden();
    receiver.secrets = [secret];

    const card = endpointCard(page, url);
    await expect(card).toContainText(description);
    await expect(card).toContainText("Enabled");
    await expect(card).not.toContainText("transaction.pending");
    // Shown once: neither on the page now nor after a reload.
    expect(await page.content()).not.toContain(secret.slice("whsec_".length));
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice("whsec_".length));

    // A test event: delivered, verified with the secret, and shown as succeeded.
    await card.getByRole("button", { name: "Send test event" }).click();
    const sent = card.getByRole("status").filter({ hasText: /^Test event evt_\w+ sent/ });
    await expect(sent).toBeVisible();
    const testEventId = /evt_\w+/.exec(await sent.innerText())![0];
    await expect.poll(() => arrivals(receiver, testEventId).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
    expect(arrivals(receiver, testEventId)[0]).toMatchObject({ verifiedBy: 0, payload: { type: "webhook.test" } });
    await expect(deliveryItem(card, testEventId)).toContainText("Succeeded");
    await expect(deliveryItem(card, testEventId)).toContainText("webhook.test");

    // A purchase whose event the receiver refuses: once, and again at the first retry (5 s later).
    const clientReference = `webhooks-${randomBytes(4).toString("hex")}`;
    let refusing = true;
    receiver.answerFor = (delivery) =>
      delivery.payload.data?.clientReference === clientReference
        ? refusing
          ? { status: 500, body: "<b>not ready</b>" }
          : { status: 200, body: "ok" }
        : null;
    const apiKey = readFileSync(demoApiKeyFileFor(baseURL), "utf8").trim();
    const purchase = await fetch(`${baseURL}/api/v1/data`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        clientReference,
        planId: "mtn-1gb-30d",
        phone: `0803${100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)}5`,
      }),
    });
    expect(purchase.status).toBe(201);
    const ofPurchase = () => receiver.received.filter((delivery) => delivery.payload.data?.clientReference === clientReference);
    await expect.poll(() => ofPurchase().length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(2);
    const purchaseEventId = ofPurchase()[0]!.id;
    expect(ofPurchase().map((delivery) => [delivery.id, delivery.payload.type, delivery.verifiedBy])).toEqual([
      [purchaseEventId, "transaction.successful", 0],
      [purchaseEventId, "transaction.successful", 0],
    ]);

    await card.getByRole("button", { name: "Refresh" }).click();
    const refused = deliveryItem(card, purchaseEventId);
    await expect(refused).toContainText("Retrying");
    await expect(refused).toContainText("next attempt");
    await refused.getByText("2 attempts: HTTP 500").click();
    // The receiver's answer as text, never as markup.
    const excerpts = refused.locator("pre");
    await expect(excerpts).toHaveCount(2);
    await expect(excerpts.first()).toHaveText("<b>not ready</b>");
    await expect(refused.locator("pre b")).toHaveCount(0);

    // The next scheduled attempt is minutes away: the owner's retry is what gets it through.
    refusing = false;
    await refused.getByRole("button", { name: /^Retry now/ }).click();
    await expect(card.getByRole("status").filter({ hasText: "Trying transaction.successful again now." })).toBeVisible();
    await expect(refused).toContainText("Succeeded", { timeout: DELIVERY_TIMEOUT_MS });
    await expect(refused).toContainText("3 attempts: HTTP 200");
    expect(ofPurchase()).toHaveLength(3);
    expect(ofPurchase()[2]).toMatchObject({ id: purchaseEventId, verifiedBy: 0 });

    // Nothing failed since yesterday: resending the failed ones sends nothing.
    await card.getByRole("button", { name: "Resend failed…" }).click();
    const resendFailed = await openDialog(page, "Resend failed deliveries");
    await expect(resendFailed.getByLabel("Failed since (Lagos time)")).not.toHaveValue("");
    await resendFailed.getByRole("button", { name: "Resend failed" }).click();
    await expect(resendFailed).toBeHidden();
    await expect(card.getByRole("status").filter({ hasText: "nothing was resent" })).toBeVisible();

    // Edit: transaction.pending opted into, a new description.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = await openDialog(page, "Edit endpoint");
    await edit.getByRole("checkbox", { name: /^transaction\.pending/ }).check();
    await edit.getByLabel("Description (optional)").fill(`${description} edited`);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText(`${description} edited`);
    await expect(card).toContainText("transaction.pending");

    // Rotate: a new secret shown once; the old one keeps signing beside it for 24 hours.
    await card.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = await openDialog(page, "Rotate the signing secret?");
    await expect(rotate).toContainText("24 hours");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = await openDialog(page, "New signing secret");
    await expect(rotated).toContainText("keeps signing deliveries beside this one for 24 hours");
    const newSecret = await rotated.getByLabel("Signing secret").inputValue();
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole("button", { name: "I've stored the secret" }).click();
    await expect(card).toContainText("Previous secret");
    receiver.secrets = [newSecret, secret];
    await card.getByRole("button", { name: "Send test event" }).click();
    const rotatedTestId = /evt_\w+/.exec(
      await card
        .getByRole("status")
        .filter({ hasText: /^Test event/, hasNotText: testEventId })
        .innerText(),
    )![0];
    await expect.poll(() => arrivals(receiver, rotatedTestId).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
    expect(arrivals(receiver, rotatedTestId)[0]!.verifiedBy).toBe(0);
    expect(arrivals(receiver, rotatedTestId)[0]!.signature.split(" ")).toHaveLength(2);

    // The receiver answers 410 Gone: the service disables the endpoint and says why; the owner re-enables it.
    receiver.answerFor = (delivery) => (delivery.payload.type === "webhook.test" ? { status: 410 } : null);
    await card.getByRole("button", { name: "Send test event" }).click();
    const goneTestId = /evt_\w+/.exec(
      await card
        .getByRole("status")
        .filter({ hasText: /^Test event/, hasNotText: rotatedTestId })
        .innerText(),
    )![0];
    await expect.poll(() => arrivals(receiver, goneTestId).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
    await expect(async () => {
      await card.getByRole("button", { name: "Refresh" }).click();
      await expect(card.getByRole("alert")).toContainText("We disabled this endpoint", { timeout: 2_000 });
    }).toPass({ timeout: DELIVERY_TIMEOUT_MS });
    await expect(card.getByRole("alert")).toContainText("410 Gone");
    await expect(card).toContainText("Disabled");
    await expect(card.getByRole("button", { name: "Send test event" })).toHaveCount(0);
    await card.getByRole("button", { name: "Re-enable" }).click();
    await expect(card.getByRole("alert")).toHaveCount(0);
    await expect(card).toContainText("Enabled");
    await expect(card.getByRole("button", { name: "Send test event" })).toBeVisible();

    // On a phone: the card, its deliveries and an attempt's answer fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(refused).toContainText("Succeeded");
    await expectFitsScreen(page);

    // Disable (asked first), enable, then delete (asked first): gone.
    await card.getByRole("button", { name: "Disable" }).click();
    const disable = await openDialog(page, "Disable this endpoint?");
    await disable.getByRole("button", { name: "Disable endpoint" }).click();
    await expect(disable).toBeHidden();
    await expect(card).toContainText("Disabled");
    await card.getByRole("button", { name: "Enable" }).click();
    await expect(card).toContainText("Enabled");

    await card.getByRole("button", { name: "Delete" }).click();
    const remove = await openDialog(page, "Delete this endpoint?");
    await expect(remove.getByRole("button", { name: "Cancel" })).toBeFocused();
    await remove.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(remove).toBeHidden();
    await expect(card).toHaveCount(0);
  });

  test("the endpoint form explains what is wrong, from the browser and from the service", async ({ page }) => {
    await page.goto("/webhooks");
    const form = page.getByRole("form", { name: "Add an endpoint" });
    for (const type of [
      "transaction.successful",
      "transaction.failed",
      "wallet.funded",
      "wallet.low_balance",
      "api_key.created",
      "api_key.revoked",
      "batch.completed",
    ]) {
      await form.getByRole("checkbox", { name: new RegExp(`^${type.replace(".", "\\.")}`) }).uncheck();
    }
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("URL must be an http(s) URL.")).toBeVisible();
    await expect(form.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Events must name at least one event type.")).toBeVisible();

    // Refused by the service's address policy, which holds even where private addresses are allowed.
    await form.getByLabel("URL").fill("https://user:secret@example.com/hooks");
    await form.getByRole("checkbox", { name: /^wallet\.funded/ }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("URL must not contain a user name or password.")).toBeVisible();
    await expect(form.getByText("Events must name")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "https://user:secret@example.com/hooks" })).toHaveCount(0);
  });

  test("sets the low-balance alert in naira and turns it off", async ({ page }) => {
    await page.goto("/webhooks");
    const form = page.getByRole("form", { name: "Low-balance alert" });
    await form.getByLabel("Alert below (₦)").fill("15 naira");
    await form.getByRole("button", { name: "Save alert" }).click();
    await expect(form.getByText("Enter an amount in naira, such as 5000 or 1,500.50")).toBeVisible();

    await form.getByLabel("Alert below (₦)").fill("1,500.50");
    await form.getByRole("button", { name: "Save alert" }).click();
    await expect(form.getByRole("status")).toHaveText("Low-balance alert set to ₦1,500.50.");
    await expect(form).toContainText("Now: below ₦1,500.50");
    await page.reload();
    await expect(form).toContainText("Now: below ₦1,500.50");
    await expect(form.getByLabel("Alert below (₦)")).toHaveValue("1500.50");

    await form.getByRole("button", { name: "Turn off" }).click();
    await expect(form.getByRole("status")).toHaveText("Low-balance alert turned off.");
    await expect(form).toContainText("Now: Off");
    await expect(form.getByRole("button", { name: "Turn off" })).toHaveCount(0);
  });
});

test.describe("as staff", () => {
  test.use({ storageState: signedInAs("staff") });

  test("the page is not offered, and opening it is refused", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Webhooks" })).toHaveCount(0);
    expect((await page.goto("/webhooks"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks: not available for your role" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add an endpoint" })).toHaveCount(0);
  });
});

test.describe("as an operator", () => {
  test.use({ storageState: signedInAs("operator") });

  test("is told the page is the account owner's", async ({ page }) => {
    expect((await page.goto("/webhooks"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks: not available for your role" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("An account's webhooks are set up by its owner");
    await expect(page.getByRole("link", { name: "Go to the operator console" })).toHaveAttribute("href", "/operator");
  });
});
