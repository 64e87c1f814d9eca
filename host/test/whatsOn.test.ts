import { describe, expect, it } from 'vitest';
import type { DayPresentation, Feature } from '@ticketing/shared/contracts';
import { filmsOnShow } from '../src/shell/whatsOn';

const film = (id: number, isVod = false): Feature => ({ id, name: `F${id}`, alternateName: '', description: '', durationMinutes: 100, rating: 'G', genre: 'Drama', releaseDate: '2026-01-01', isVod, imageUrl: null });
const show = (id: number, featureId: number, dateTime: string, extra: Partial<DayPresentation> = {}): DayPresentation => ({
  id, featureId, featureName: `F${featureId}`, locationId: 1, locationName: 'TLV', venueId: 11, venueName: 'Hall 1', venueTypeId: 1, dateTime, time: '',
  seatingMode: 'reserved', isReserved: true, isGA: 0, capacity: 200, available: 200, locationOffline: false, isVod: false, ...extra,
});

describe('home page: films on show (issue 14 point 10)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('lists each film with its next bookable screenings today, else tomorrow, and a poster', () => {
    const today = [show(1, 1, '2026-11-23T10:00:00Z'), show(2, 1, '2026-11-23T18:00:00Z'), show(3, 1, '2026-11-23T15:00:00Z'), show(4, 2, '2026-11-23T19:00:00Z', { available: 0 })];
    const tomorrow = [show(5, 2, '2026-11-24T09:00:00Z'), show(6, 3, '2026-11-24T09:00:00Z', { locationOffline: true })];
    const films = filmsOnShow([film(1), film(2), film(3), film(4, true)], today, tomorrow, now, '2026-11-23');
    expect(films.map((f) => f.feature.id)).toEqual([1, 2, 3]);
    expect(films[0]!.next.map((p) => p.id)).toEqual([3, 2]); // started (10:00) is not offered; ordered by time
    expect(films[0]!.day).toBe('2026-11-23');
    expect(films[1]!.next.map((p) => p.id)).toEqual([5]); // sold out today → tomorrow
    expect(films[1]!.day).toBe('2026-11-24');
    expect(films[2]!.next).toEqual([]); // box office only
    expect(films[0]!.poster).toContain('/features/1/placeholderImage');
  });
});
