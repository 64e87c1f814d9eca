import type { FastifyInstance } from 'fastify';
import { ConfigPreviewBody, SuccessResponse, type StartupConfig } from '@ticketing/shared/contracts';
import { route } from '../../lib/route.ts';

/**
 * Development only: a start-up configuration previewed for one visit (ConfigPreviewBody). Kept in
 * memory, at most PREVIEW_LIMIT visits (oldest dropped); registered in demo mode only (lib/demo.ts).
 */
const PREVIEW_LIMIT = 500;
const previews = new Map<string, Omit<ConfigPreviewBody, 'uuid'>>();

export function configFor(config: StartupConfig, uuid: string | undefined): StartupConfig {
  const p = uuid ? previews.get(uuid) : undefined;
  if (!p) return config;
  return {
    ...config,
    orderSteps: p.orderSteps ?? config.orderSteps,
    limits: { ...config.limits, idleTimeMs: p.idleTimeMs ?? config.limits.idleTimeMs },
  };
}

export function registerConfigPreview(app: FastifyInstance): void {
  if (!app.demo) return;
  route(app, {
    method: 'POST', url: '/dev/config-preview', summary: 'DEVELOPMENT ONLY: preview the step order / idle time for one visit', tags: ['dev'],
    body: ConfigPreviewBody, response: SuccessResponse,
    async handler({ body }) {
      const { uuid, ...rest } = body;
      previews.delete(uuid);
      previews.set(uuid, rest);
      if (previews.size > PREVIEW_LIMIT) previews.delete(previews.keys().next().value!);
      return { success: true as const };
    },
  });
}
