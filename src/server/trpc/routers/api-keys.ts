import { createTRPCRouter } from "~/server/trpc/init";

export const apiKeysRouter = createTRPCRouter({});
