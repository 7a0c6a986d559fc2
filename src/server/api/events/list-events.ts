import { listEventsQuery, webhookEventList } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";

export const listEventsOperation = {
  endpoint: "GET /api/v1/events",
  tag: "Webhooks",
  operationId: "listEvents",
  summary: "List events",
  description: [
    "Your account's events of the last 30 days, **in the order they were recorded** (oldest first), each exactly as it was (or would have been) delivered to a webhook endpoint: catch up after your receiver was down, or poll instead of receiving webhooks.",
    "A page at a time: pass `nextCursor` back as `cursor` until it is null. `since` starts later; `type` keeps one event type. Test events are not listed.",
    "**The feed never skips.** An event is listed once every change recorded before it has committed, so nothing can appear later at a place you have already paged past. To poll, pass the last page's `resumeCursor` as `cursor` next time (or `since` = the newest `createdAt` you have seen); ignore events you already have by `id`. Events recorded by one change (a purchase's settlement and the low-balance alert it set off) are listed together; an event's `createdAt` can be a moment earlier than the one listed before it.",
  ].join("\n\n"),
  request: { query: listEventsQuery },
  responses: { "200": ok("A page of events.", webhookEventList) },
  examplePath: "/api/v1/events?type=transaction.successful&limit=50",
} satisfies OperationSpec;
