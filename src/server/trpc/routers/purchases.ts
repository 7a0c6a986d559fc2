import { createTRPCRouter } from "~/server/trpc/init";

export const purchasesRouter = createTRPCRouter({});
