/**
 * Release tests need deliberately bad candidates and new versions without editing package.json:
 *   RELEASE_VERSION=1.0.1-test      the version baked into the build (marker, manifest)
 *   RELEASE_TEST_BREAK=no-expose    './spa' is not exposed (renamed)
 *   RELEASE_TEST_BREAK=react-range  React requires ^18 (incompatible with the host's 19)
 *   RELEASE_TEST_BREAK=contract     declares a contract version the host does not accept
 *   RELEASE_TEST_BREAK=shared-export  imports react-i18next's Trans, which the host does not offer (SHARED_SUBSETS)
 *   RELEASE_TEST_BREAK=throw-on-mount|throw-on-render   './spa' passes the gate but crashes (scripts/fixtures/crashing-spa.tsx)
 * Only remotes honour them; the host never does. The build (rspack.config.base.ts) applies the result.
 */
import path from 'node:path';
import { CONTRACT_VERSION } from '../../shared/src/contracts/events.ts';
import { ROOT } from './apps.ts';

export const CRASH_FIXTURE = path.join(ROOT, 'scripts', 'fixtures', 'crashing-spa.tsx');

export interface ReleaseOverrides {
  /** The break under test ('' for none), baked in as __TEST_BREAK__. */
  brk: string;
  /** The './spa' expose is the crashing fixture, so the build must compile scripts/fixtures. */
  crashing: boolean;
  exposes: Record<string, string>;
  shared: Record<string, { singleton: true; requiredVersion: string }>;
  version: string | undefined;
  contractVersion: number;
  /** Names recorded as imported beside the code's own (metaData.ticketing.sharedImports). */
  sharedImports: Record<string, string[]>;
}

export function releaseOverrides(opts: { isHost?: boolean; exposes?: Record<string, string> }, env: NodeJS.ProcessEnv): ReleaseOverrides {
  const brk = opts.isHost ? undefined : env.RELEASE_TEST_BREAK;
  const exposes = { ...(opts.exposes ?? {}) };
  if (brk === 'no-expose') for (const key of Object.keys(exposes)) { exposes[`${key}-renamed`] = exposes[key]; delete exposes[key]; }
  const crashing = brk === 'throw-on-mount' || brk === 'throw-on-render';
  if (crashing) exposes['./spa'] = CRASH_FIXTURE;
  const shared: ReleaseOverrides['shared'] = {};
  if (brk === 'react-range') {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']) shared[key] = { singleton: true, requiredVersion: '^18.3.1' };
  }
  return {
    brk: brk ?? '',
    crashing,
    exposes,
    shared,
    version: opts.isHost ? undefined : env.RELEASE_VERSION || undefined,
    contractVersion: brk === 'contract' ? CONTRACT_VERSION + 1000 : CONTRACT_VERSION,
    sharedImports: brk === 'shared-export' ? { 'react-i18next': ['Trans'] } : {},
  };
}
