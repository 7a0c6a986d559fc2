import { createTRPCRouter } from "~/server/trpc/init";

export const teamRouter = createTRPCRouter({});
