import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery, DayPresentationsResponse, FeaturesResponse, prebuild } from '@ticketing/shared';
import { currentMiniSiteUrl, takesMiniSiteUrl } from '../minisite/miniSiteSession';

const base = createBaseQuery();
/** Issue 4 §9: an order started on a mini-site passes `miniSiteUrl` on every booking GET call. */
const baseQuery: typeof base = (args, api, extra) => {
  const miniSiteUrl = currentMiniSiteUrl();
  const a = typeof args === 'string' ? { url: args } : args;
  if (!miniSiteUrl || (a.method && a.method !== 'GET') || !takesMiniSiteUrl(a.url)) return base(args, api, extra);
  const params = { ...(a.params as Record<string, unknown> | undefined) };
  params.miniSiteUrl ??= miniSiteUrl;
  return base({ ...a, params }, api, extra);
};

/** All of mf-booking's calls. Responses are parsed with the shared contracts. */
export const bookingApi = createApi({
  reducerPath: 'bookingApi',
  baseQuery,
  tagTypes: ['Seats', 'Presentation'],
  endpoints: (b) => ({
    dayPresentations: b.query<DayPresentationsResponse, { date: string; locale: string }>({
      query: ({ date }) => ({ url: '/seats/presentations', params: { date } }),
      onQueryStarted: () => prebuild(DayPresentationsResponse),
      transformResponse: (raw: unknown) => DayPresentationsResponse.parse(raw),
    }),
    /** One film for its film page (issue 14 point 10). */
    feature: b.query<FeaturesResponse, { id: number; locale: string }>({
      query: ({ id }) => ({ url: '/features/', params: { featureIds: String(id) } }),
      transformResponse: (raw: unknown) => FeaturesResponse.parse(raw),
    }),
  }),
});

export const { useDayPresentationsQuery, useFeatureQuery } = bookingApi;
