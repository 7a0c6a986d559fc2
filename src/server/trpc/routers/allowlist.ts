import { createTRPCRouter } from "~/server/trpc/init";

export const allowlistRouter = createTRPCRouter({});
