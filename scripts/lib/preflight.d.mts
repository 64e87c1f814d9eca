/** Types of scripts/lib/preflight.mjs (plain JavaScript so `node scripts/test-all.mjs` runs it without a loader). */
export type Pkg = 'chromium' | 'nginx' | 'postgresql';
export type StepKind = 'install' | 'start' | 'password';

export interface Facts {
  /** Debian packages the chosen suites need. */
  needs: Pkg[];
  installed: Record<Pkg, boolean>;
  isRoot: boolean;
  hasApt: boolean;
  /** PostgreSQL cluster versions under /etc/postgresql, newest first. */
  clusters: string[];
  /** The server of pgUrl answers pg_isready. */
  pgListening: boolean;
  /** `select 1` as pgUrl's user succeeds. */
  pgAuthOk: boolean;
  /** The URL the api suites will use. */
  pgUrl: string;
  /** TEST_PG_URL as the user set it, if they did. */
  userPgUrl?: string;
  /** Steps already attempted (each is tried once). */
  done: StepKind[];
}

export type Step =
  | { kind: 'install'; packages: Pkg[] }
  | { kind: 'start'; version: string }
  | { kind: 'password'; url: string }
  | { kind: 'fail'; message: string }
  | { kind: 'ready'; env: Record<string, string> };

export const DEFAULT_PG_URL: string;
export const FALLBACK_PG_URL: string;
export const NEEDS: Record<'unit' | 'api' | 'fault' | 'e2e', Pkg[]>;
export function neededPackages(only: string | undefined): Pkg[];
export function decide(facts: Facts): Step;
export function runPreflight(only: string | undefined): Record<string, string>;

/** The Debian packages behind each need (nginx with its Brotli module). */
export declare const BROTLI_STATIC_MODULE: string;
export declare const APT_PACKAGES: Record<Pkg, string[]>;
export declare function aptNames(needs: string[]): string[];
