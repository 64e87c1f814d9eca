/**
 * The release gate: before a remote's pointer is flipped, read the candidate's mf-manifest.json
 * and refuse it when the host could not mount it safely:
 *   - a module the host mounts (host/remote-requirements.json → remotes[name].exposes) is not exposed;
 *   - a shared singleton's range does not accept the version the host provides, or the version the
 *     candidate carries does not satisfy the host's own range;
 *   - the candidate declares no contract version, or one the host does not accept;
 *   - the candidate imports a name of a singleton the host offers only in part (SHARED_SUBSETS) that the host lacks.
 * The host's side comes from the requirements file the host build wrote next to its index.html
 * (host-requirements.ts, emitted by rspack.config.base.ts): the gate judges against the host that is really deployed.
 * Ranges are compared with Module Federation's own `satisfy`, the function the browser uses to pick a share.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';
import { distDir, ROOT } from './apps.ts';
import { hostRequirements } from './host-requirements.ts';
import { federationName } from '../../shared/src/contracts/registry.ts';

export interface HostRequirements {
  contractVersions: number[];
  hostContractVersion?: number;
  remotes: Record<string, { audience: 'public' | 'staff'; exposes: string[] }>;
  /** Shared singletons the host provides (version) and accepts (requiredVersion). */
  shared: Record<string, { version: string; requiredVersion: string; exports?: string[] }>;
}

export interface ManifestShared { name: string; version: string; requiredVersion?: string | false; singleton?: boolean }
export interface Manifest {
  name: string;
  metaData: {
    remoteEntry: { name: string; path: string };
    buildInfo?: { buildVersion?: string };
    ticketing?: { app?: string; version?: string; contractVersion?: number; sharedImports?: Record<string, string[]> };
  };
  exposes: { path: string; name: string; assets?: { js?: { sync?: string[] } } }[];
  shared: ManifestShared[];
}

export interface GateResult {
  ok: boolean;
  /** One line per refusal reason, written for the person releasing. */
  problems: string[];
  warnings: string[];
  manifest?: Manifest;
}

export const hostDir = () => path.resolve(process.env.HOST_DIR ?? distDir('host'));

/** The deployed host's requirements (written at host build). Falls back to the source when the host is not built. */
export async function loadHostRequirements(dir = hostDir()): Promise<HostRequirements & { source: string }> {
  const file = path.join(dir, 'remote-requirements.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as HostRequirements), source: file };
  // Not built yet: compute exactly what the host build would write.
  return { ...(hostRequirements() as HostRequirements), source: `${path.join(ROOT, 'host', 'remote-requirements.json')} + root package.json (host not built)` };
}

/** Checks a candidate folder (a build of `name`, meant to be published as `version`). */
export function checkCandidate(name: string, version: string, dir: string, host: HostRequirements): GateResult {
  const problems: string[] = [];
  const warnings: string[] = [];
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return { ok: false, problems: [`no mf-manifest.json in ${dir}: is this a Module Federation remote build?`], warnings };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch (e) {
    return { ok: false, problems: [`mf-manifest.json is not valid JSON: ${(e as Error).message}`], warnings };
  }

  const need = host.remotes[name];
  if (!need) problems.push(`the host does not know a remote called "${name}" (host requirements list: ${Object.keys(host.remotes).join(', ')})`);
  if (manifest.name !== federationName(name)) problems.push(`manifest name is "${manifest.name}", the host registers this remote as "${federationName(name)}"`);

  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !existsSync(path.join(dir, entry.path ?? '', entry.name))) problems.push(`remote entry ${entry?.name ?? '(none)'} named by the manifest is missing from the build`);

  // 1. Every module the host mounts is exposed, and its files are in the build.
  const exposed = new Map((manifest.exposes ?? []).map((e) => [e.path, e]));
  for (const required of need?.exposes ?? []) {
    const e = exposed.get(required);
    if (!e) {
      problems.push(`exposed module "${required}" is missing: the host mounts ${name}/${required.replace(/^\.\//, '')}, the candidate exposes ${[...exposed.keys()].join(', ') || 'nothing'}`);
      continue;
    }
    for (const file of e.assets?.js?.sync ?? []) if (!existsSync(path.join(dir, file))) problems.push(`exposed module "${required}" needs ${file}, which is not in the build`);
  }

  // 2. Shared singletons: the host's copy is loaded first (shareStrategy loaded-first), so the candidate's
  //    range must accept the host's version; and the candidate's own copy must satisfy the host's range.
  const candidateShared = new Map((manifest.shared ?? []).map((s) => [s.name, s]));
  for (const [key, h] of Object.entries(host.shared)) {
    const c = candidateShared.get(key);
    if (!c) continue; // the manifest lists only the shares the candidate actually uses
    if (!c.singleton) problems.push(`shared "${key}" is not a singleton in the candidate; the host shares it as a singleton`);
    if (c.requiredVersion && !satisfy(h.version, c.requiredVersion)) {
      problems.push(`shared singleton "${key}": the candidate requires ${c.requiredVersion}, the host provides ${h.version}`);
    }
    if (c.version && !satisfy(c.version, h.requiredVersion)) {
      problems.push(`shared singleton "${key}": the candidate carries ${c.version}, the host accepts ${h.requiredVersion}`);
    }
    // offered in part: every name the candidate's code imports must be among the host's
    if (h.exports) {
      const imported = manifest.metaData?.ticketing?.sharedImports?.[key];
      if (!imported) problems.push(`shared singleton "${key}": the candidate does not record which of its exports it imports (metaData.ticketing.sharedImports); rebuild it with rspack.config.base.ts`);
      const lacking = (imported ?? []).filter((n) => !h.exports!.includes(n));
      if (lacking.length) {
        problems.push(`shared singleton "${key}": the candidate imports ${lacking.map((n) => n === '*' ? 'the whole module' : n).join(', ')}, which the host does not offer (it offers ${h.exports.join(', ')}; scripts/lib/shared-singletons.ts SHARED_SUBSETS)`);
      }
    }
  }

  // 3. Contract version (events + API schemas in shared) declared by the build.
  const declared = manifest.metaData?.ticketing?.contractVersion;
  if (declared === undefined) problems.push('the candidate declares no contract version (metaData.ticketing.contractVersion in mf-manifest.json); rebuild it with rspack.config.base.ts');
  else if (!host.contractVersions.includes(declared)) problems.push(`contract version ${declared} is not accepted by the host (accepts ${host.contractVersions.join(', ')})`);

  const builtVersion = manifest.metaData?.ticketing?.version ?? manifest.metaData?.buildInfo?.buildVersion;
  if (builtVersion && builtVersion !== version) problems.push(`the build says it is version ${builtVersion}, but it is being published as ${version}`);

  return { ok: problems.length === 0, problems, warnings, manifest };
}

export function formatGate(name: string, version: string, r: GateResult): string {
  if (r.ok) return `gate: ${name} ${version} accepted`;
  return [`gate: REFUSED ${name} ${version}:`, ...r.problems.map((p) => `  ✗ ${p}`)].join('\n');
}
