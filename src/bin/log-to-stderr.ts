/**
 * Imported first by the command-line tools: their stdout carries their answer (JSON for scripts), so
 * whatever the service layer logs on the way (a provider's warning during `reconcile`) goes to
 * stderr. First, because the logger picks its destination when src/server/log.ts is first loaded.
 */
process.env.LOG_DESTINATION = "stderr";
