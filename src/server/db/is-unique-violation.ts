/**
 * Recognises a PostgreSQL unique violation (23505) however Prisma reports it: P2002 from model
 * queries, P2010 wrapping the driver adapter's error from raw queries. Optionally only the violation
 * of a unique index over exactly `fields`, so an unrelated constraint is not mistaken for it.
 */

interface AdapterCause {
  kind?: string;
  originalCode?: string;
  constraint?: { fields?: string[] };
}

function adapterCause(error: unknown): AdapterCause | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: AdapterCause } } } | null)?.meta;
  return meta?.driverAdapterError?.cause;
}

export function isUniqueViolation(error: unknown, fields?: readonly string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const cause = adapterCause(error);
  const unique = code === "P2002" || cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505";
  if (!unique || !fields) return unique;
  const violated = cause?.constraint?.fields;
  // Without the adapter's detail we cannot tell which index fired; the caller asked for one, so assume it.
  if (!violated) return true;
  return violated.length === fields.length && fields.every((field) => violated.includes(field));
}
