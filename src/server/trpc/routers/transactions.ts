import { createTRPCRouter } from "~/server/trpc/init";

export const transactionsRouter = createTRPCRouter({});
