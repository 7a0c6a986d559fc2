import { createTRPCRouter } from "~/server/trpc/init";

export const dashboardRouter = createTRPCRouter({});
