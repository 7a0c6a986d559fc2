import { createTRPCRouter } from "~/server/trpc/init";

export const operatorRouter = createTRPCRouter({});
