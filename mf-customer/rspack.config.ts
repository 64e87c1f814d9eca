import { createConfig } from '../rspack.config.base.ts';

export default (env: Record<string, boolean>, argv: { mode?: string }) =>
  createConfig({ name: 'mf-customer', port: 3102, exposes: { './spa': './src/spa.ts' } }, env, argv);
