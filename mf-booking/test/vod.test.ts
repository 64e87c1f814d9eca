import { describe, expect, it } from 'vitest';
import type { VodTitle } from '@ticketing/shared';
import { byTitle } from '../src/vod/VodPage';

const offer = (featureId: number, presentationId: number, venueName: string): VodTitle => ({
  featureId, presentationId, venueName, name: `Film ${featureId}`, description: '', durationMinutes: 90, rating: 'PG',
  venueTypeId: venueName.includes('premium') ? 103 : 101, clearsCart: !venueName.includes('premium'),
  availableFrom: '2026-11-27T06:00:00.000Z', tickets: [],
});

describe('/vod: one card per title', () => {
  it("gathers a title's offerings (standard, premium) under it, in the api's order", () => {
    const cards = byTitle([offer(14, 657, 'Watch at home'), offer(14, 433, 'Watch at home premium'), offer(9, 432, 'Watch at home'), offer(1, 430, 'Watch at home')]);
    expect(cards.map((c) => c.map((o) => o.presentationId))).toEqual([[657, 433], [432], [430]]);
  });

  it('no titles, no cards', () => {
    expect(byTitle([])).toEqual([]);
  });
});
