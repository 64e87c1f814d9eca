import type { Db } from '../../db/index.ts';
import { addDays, jerusalemToday } from '../../lib/time.ts';
import { staffOf } from '../staff/auth.ts';

export const TAGS = ['preslive'];
/** The dashboard's date window: 30 days back, 14 ahead (Asia/Jerusalem). */
export const WINDOW_BACK = 30;
export const WINDOW_AHEAD = 14;

export function dashboardWindow() {
  const today = jerusalemToday();
  return { today, from: addDays(today, -WINDOW_BACK), to: addDays(today, WINDOW_AHEAD) };
}

export type StaffRequest = Parameters<typeof staffOf>[0];

/** What every PresLive route module needs: the database and the signed-in staff member's businesses. */
export interface PresliveContext {
  db: Db;
  /** The session's business ids (every figure is scoped by them). */
  biz: (req: StaffRequest) => number[];
  heartbeatMs?: number;
}
