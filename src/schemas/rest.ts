/** Request schemas of the public REST API, shared by validation and the OpenAPI document. */
import { z } from "zod";

/** Any string: an unknown service is a 404 service.not_found from the service layer, not a 400. */
export const billServiceParams = z.object({ service: z.string() });
