/** @ticketing/seatmap: the seat map shared by booking, memberships and enrolment (bundled into each remote). */
export { SeatSelection, buildModel, SINGLE_SEAT_POLICY } from './SeatSelection';
export { SeatMap } from './SeatMap';
export { Dialog } from './Dialog';
export { SeatMapModel, seatingModeOf } from './model';
export * from './rules';
export { seatLabel, modelSeatLabel } from './labels';
export type { SeatMapBinding, SeatCartActions, SeatHoldApi, SelectedSeat, QueryLike } from './binding';
export { NAMESPACE as SEATMAP_NAMESPACE, preloadSeatmapTexts, useSeatmapTranslation } from './locales';
