import { serveViewerScript } from "~/server/openapi/serve";

export const GET = (request: Request) => serveViewerScript(request);
