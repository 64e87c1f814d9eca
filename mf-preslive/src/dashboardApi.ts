import type * as z from 'zod/mini';
import { parseWith, queryString } from '@ticketing/shared';
import {
  AttendanceByDateResponse, AttendanceByLocationResponse, AttendanceByShowTimeResponse, AvailableFeaturesResponse,
  AvailablePresentationsResponse, CinemaFilterDataResponse, ConcessionsResponse, FeatureDataResponse, FeatureDatesResponse,
  FeatureSalesResponse, LocationDatesResponse, LocationSalesResponse, PresentationBoxResponse, PresentationDataResponse,
  PresentationSalesResponse, RefundResendResponse, RefundsResponse, SalesByPosResponse, TopFeaturesResponse, type DrillBy,
} from '@ticketing/shared';
import { staffApi } from './api';
import { dynamicMiddleware, rootReducer } from './store';

// the api joins the store with the dashboard's chunk (the sign-in screen's store has none)
rootReducer.inject(staffApi);
dynamicMiddleware.addMiddleware(staffApi.middleware);

export interface Range { startDate: string; endDate: string }
export interface ReportArgs extends Range { locationId?: number }

/**
 * The dashboard's calls, added to the store's api by the dashboard's chunk (with their contracts), so the sign-in
 * screen loads neither. Every figure carries the 'Sales' tag: a live `sales` event invalidates it and open screens refetch.
 */
export const dashboardApi = staffApi.injectEndpoints({
  endpoints: (b) => ({
    locationDates: b.query<z.output<typeof LocationDatesResponse>, void>({
      query: () => '/PRES-live/locationTicketSales/', transformResponse: parseWith(LocationDatesResponse), providesTags: ['Sales'],
    }),
    locationSales: b.query<z.output<typeof LocationSalesResponse>, string>({
      query: (date) => `/PRES-live/locationTicketSales/data/${date}/0`, transformResponse: parseWith(LocationSalesResponse), providesTags: ['Sales'],
    }),
    featureDates: b.query<z.output<typeof FeatureDatesResponse>, void>({
      query: () => '/PRES-live/featureTicketSales', transformResponse: parseWith(FeatureDatesResponse), providesTags: ['Sales'],
    }),
    featureSales: b.query<z.output<typeof FeatureSalesResponse>, { date: string; isByLocation: boolean; locationId?: number; featureId?: number }>({
      query: ({ date, ...q }) => `/PRES-live/featureTicketSales/data/${date}?${queryString(q)}`, transformResponse: parseWith(FeatureSalesResponse), providesTags: ['Sales'],
    }),
    presentationSales: b.query<z.output<typeof PresentationSalesResponse>, Range>({
      query: (r) => `/PRES-live/monitors/PresentationSales/data?${queryString({ ...r })}`, transformResponse: parseWith(PresentationSalesResponse), providesTags: ['Sales'],
    }),
    availableFeatures: b.query<z.output<typeof AvailableFeaturesResponse>, void>({
      query: () => '/PRES-live/v2/availableFeatures', transformResponse: parseWith(AvailableFeaturesResponse),
    }),
    availablePresentations: b.query<z.output<typeof AvailablePresentationsResponse>, { featureId: number; locationId: number }>({
      query: (q) => `/PRES-live/v2/availablePresentations?${queryString(q)}`, transformResponse: parseWith(AvailablePresentationsResponse),
    }),
    featureData: b.query<z.output<typeof FeatureDataResponse>, { featureId: number; locationId: number; presentationIds?: number[]; startDate?: string; endDate?: string }>({
      query: ({ presentationIds, ...q }) => `/PRES-live/v2/featureData?${queryString({ ...q, presentationIds: presentationIds?.length ? presentationIds.join(',') : undefined })}`,
      transformResponse: parseWith(FeatureDataResponse), providesTags: ['Sales'],
    }),
    presentationData: b.query<z.output<typeof PresentationDataResponse>, number>({
      query: (presentationId) => `/PRES-live/v2/presentationData?${queryString({ presentationId })}`, transformResponse: parseWith(PresentationDataResponse), providesTags: ['Sales'],
    }),
    attendanceByDate: b.query<z.output<typeof AttendanceByDateResponse>, Range>({
      query: (r) => `/PRES-live/attendanceByDate/${r.startDate}/${r.endDate}`, transformResponse: parseWith(AttendanceByDateResponse), providesTags: ['Sales'],
    }),
    filterData: b.query<z.output<typeof CinemaFilterDataResponse>, void>({
      query: () => '/PRES-live/getCinemaFilterData', transformResponse: parseWith(CinemaFilterDataResponse),
    }),
    attendanceByLocation: b.query<z.output<typeof AttendanceByLocationResponse>, string>({
      query: (date) => `/PRES-live/attendanceByDateByLocation/${date}`, transformResponse: parseWith(AttendanceByLocationResponse), providesTags: ['Sales'],
    }),
    attendanceByShowTime: b.query<z.output<typeof AttendanceByShowTimeResponse>, { date: string; locationId: number; by: DrillBy }>({
      query: ({ date, locationId, by }) => `/PRES-live/attendanceByDateByLocationBy${by === 'venue' ? 'Venue' : 'Feature'}/${date}/${locationId}`,
      transformResponse: parseWith(AttendanceByShowTimeResponse), providesTags: ['Sales'],
    }),
    presentationBox: b.query<z.output<typeof PresentationBoxResponse>, { date: string; locationId: number; drillBy: DrillBy; id: number }>({
      query: (p) => `/PRES-live/attendanceByDatePresentationBox/${p.date}/${p.locationId}/${p.drillBy}/${p.id}`,
      transformResponse: parseWith(PresentationBoxResponse), providesTags: ['Sales'],
    }),
    concessions: b.query<z.output<typeof ConcessionsResponse>, ReportArgs>({
      query: (r) => `/PRES-live/reports/concessions?${queryString({ ...r })}`, transformResponse: parseWith(ConcessionsResponse), providesTags: ['Sales'],
    }),
    salesByPos: b.query<z.output<typeof SalesByPosResponse>, ReportArgs>({
      query: (r) => `/PRES-live/reports/salesByPointOfSale?${queryString({ ...r })}`, transformResponse: parseWith(SalesByPosResponse), providesTags: ['Sales'],
    }),
    topFeatures: b.query<z.output<typeof TopFeaturesResponse>, ReportArgs>({
      query: (r) => `/PRES-live/reports/topFeatures?${queryString({ ...r })}`, transformResponse: parseWith(TopFeaturesResponse), providesTags: ['Sales'],
    }),
    // What cancellations owe customers: card refunds (sent / pending / failed) and account credits. A cancellation is a
    // sale change too ('Sales'), so an open list follows it live.
    refunds: b.query<z.output<typeof RefundsResponse>, ReportArgs & { show: 'all' | 'open' }>({
      query: (r) => `/PRES-live/refunds?${queryString({ ...r })}`, transformResponse: parseWith(RefundsResponse), providesTags: ['Sales', 'Refunds'],
    }),
    resendRefund: b.mutation<z.output<typeof RefundResendResponse>, number>({
      query: (id) => ({ url: `/PRES-live/refunds/${id}/resend`, method: 'POST' }), transformResponse: parseWith(RefundResendResponse), invalidatesTags: ['Refunds'],
    }),
  }),
});

export const {
  useLocationDatesQuery, useLocationSalesQuery, useFeatureDatesQuery, useFeatureSalesQuery, usePresentationSalesQuery,
  useAvailableFeaturesQuery, useAvailablePresentationsQuery, useLazyFeatureDataQuery, useLazyPresentationDataQuery,
  useAttendanceByDateQuery, useFilterDataQuery, useAttendanceByLocationQuery, useAttendanceByShowTimeQuery,
  usePresentationBoxQuery, useConcessionsQuery, useSalesByPosQuery, useTopFeaturesQuery, usePresentationDataQuery,
  useRefundsQuery, useResendRefundMutation,
} = dashboardApi;
