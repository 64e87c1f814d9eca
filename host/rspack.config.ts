import { createConfig } from '../rspack.config.base.ts';

export default (env: Record<string, boolean>, argv: { mode?: string }) =>
  createConfig({ name: 'host', port: 3100, isHost: true }, env, argv);
