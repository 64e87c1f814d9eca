/** One line for the database errors an operator meets first, instead of a driver's stack trace. */
export function databaseHint(err: unknown, url = process.env.DATABASE_URL ?? ''): string | undefined {
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const codes = [e?.code, ...(e?.errors ?? []).map((x) => x.code)]; // AggregateError: one per address tried
  let where = url;
  let name = '';
  let createdb = 'createdb <name>';
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || 5432}`;
    name = decodeURIComponent(u.pathname.slice(1));
    createdb = `createdb -h ${u.hostname} -p ${u.port || 5432} -U ${decodeURIComponent(u.username) || '<user>'} ${name || '<name>'}`;
  } catch { /* not a URL: say it as given */ }
  if (codes.includes('3D000')) return `the database "${name}" does not exist on ${where}: create it first (${createdb}), then start again`;
  if (codes.includes('ECONNREFUSED')) return `no PostgreSQL server answers at ${where} (connection refused): start it, or correct DATABASE_URL`;
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return `the database host in DATABASE_URL (${where}) cannot be resolved`;
  if (codes.includes('28P01') || codes.includes('28000')) return `PostgreSQL at ${where} refused the user or password in DATABASE_URL (${e?.message ?? ''})`;
  return undefined;
}
