import { RuntimeConfig } from '../contracts/registry';

const KEY = '__ticketingConfig__';
type Holder = { [KEY]?: RuntimeConfig };

/** Set once by the host from the registry (or by a standalone remote from its defaults). */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  const parsed = RuntimeConfig.parse(config);
  (globalThis as Holder)[KEY] = parsed;
  return parsed;
}

export function getRuntimeConfig(): RuntimeConfig {
  return (globalThis as Holder)[KEY] ?? RuntimeConfig.parse({});
}
