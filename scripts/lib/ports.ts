/** Whether a TCP port can be listened on, checked by listening on it for a moment (what the server would do). */
import net from 'node:net';

/** Undefined when host:port is free, else the error code (EADDRINUSE: another process listens there; EACCES: privileged). */
export function portProblem(port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

/** The first of `ports` that cannot be listened on, with a one-line reason naming it. */
export async function firstUnavailablePort(ports: { port: number; host: string; role: string }[]): Promise<string | undefined> {
  const seen = new Map<number, string>();
  for (const p of ports) {
    if (!Number.isInteger(p.port) || p.port <= 0 || p.port > 65535) return `${p.role} port ${p.port} is not a port number`;
    if (seen.has(p.port)) return `port ${p.port} is both the ${seen.get(p.port)} port and the ${p.role} port`;
    seen.set(p.port, p.role);
    const problem = await portProblem(p.port, p.host);
    if (problem === 'EADDRINUSE') return `${p.role} port ${p.port} (${p.host}) is already in use by another process`;
    if (problem) return `${p.role} port ${p.port} (${p.host}) cannot be listened on (${problem})`;
  }
  return undefined;
}
