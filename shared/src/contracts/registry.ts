import { z } from 'zod';

/** Who may see a remote: visitor pages never load staff remotes and vice versa. */
export const Audience = z.enum(['public', 'staff']);

export const RemoteEntry = z.object({
  /** Package name, e.g. "mf-booking". */
  name: z.string().regex(/^mf-[a-z]+$/),
  version: z.string().regex(/^\d+\.\d+\.\d+(-[\w.]+)?$/),
  /** URL of the remote's mf-manifest.json (absolute or site-relative). */
  manifest: z.string().min(1),
  audience: Audience,
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;

/** Runtime settings handed to every app; one build serves every environment. */
export const RuntimeConfig = z.object({
  apiBase: z.string().default('/api'),
  enabledLocales: z.array(z.enum(['he', 'en', 'ru', 'ar', 'pl'])).default(['he', 'en']),
  maxSeats: z.number().int().positive().default(10),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** GET /remotes.json: the registry (served no-store). */
export const Registry = z.object({
  /** Contract version of shared events and API schemas the remotes were built against. */
  updatedAt: z.string().optional(),
  config: RuntimeConfig.default({ apiBase: '/api', enabledLocales: ['he', 'en'], maxSeats: 10 }),
  remotes: z.array(RemoteEntry),
});
export type Registry = z.infer<typeof Registry>;
