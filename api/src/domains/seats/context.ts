import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import type { PresentationMeta } from './holds.ts';
import { PlanCache, type Plan } from './plan.ts';
import { presentationMeta } from './queries.ts';
import type { SquatLimits } from './squat.ts';

export const TAGS = ['seats'];

/** What every seats route module needs. */
export interface SeatsContext {
  db: Db;
  plans: PlanCache;
  limits: SquatLimits;
  /** Presentation facts for the hold path (cached briefly; they rarely change). 404 EVENT_DETAILS_ERROR when absent. */
  meta: (presentationId: number) => Promise<PresentationMeta>;
  /** A presentation's seat plan, 404 SEATPLAN_NOT_FOUND when absent. */
  planOf: (seatplanId: number) => Promise<Plan>;
  /** Open live-availability streams per presentation (fed by the one LISTEN of the process). */
  streams: Map<number, Set<ServerResponse>>;
  heartbeatMs: number;
}

const META_TTL_MS = 5000;

export function seatsContext(db: Db, limits: SquatLimits, heartbeatMs: number): SeatsContext {
  const plans = new PlanCache(db);
  const metaCache = new Map<number, { at: number; meta: Promise<PresentationMeta> }>();
  const meta = (id: number): Promise<PresentationMeta> => {
    const hit = metaCache.get(id);
    if (hit && Date.now() - hit.at < META_TTL_MS) return hit.meta;
    const m = presentationMeta(db, id);
    metaCache.set(id, { at: Date.now(), meta: m });
    m.catch(() => metaCache.delete(id));
    return m;
  };
  const planOf = async (seatplanId: number): Promise<Plan> => {
    const plan = await plans.get(seatplanId);
    if (!plan) throw new ApiHttpError(404, 'SEATPLAN_NOT_FOUND', `no seat plan ${seatplanId}`);
    return plan;
  };
  return { db, plans, limits, meta, planOf, streams: new Map(), heartbeatMs };
}
