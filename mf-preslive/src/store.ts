import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * PresLive's store starts without its api: the dashboard's chunk adds the api's reducer and middleware when it
 * loads (dashboardApi.ts), so the sign-in screen, all that a cold /PRES-live shows, carries no RTK Query.
 */
// (combineSlices wants one reducer to start with: an empty placeholder)
export const rootReducer = combineSlices({ placeholder: (s: null = null) => s });
export const dynamicMiddleware = createDynamicMiddleware();

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (gdm) => gdm().concat(dynamicMiddleware.middleware),
  });
}
