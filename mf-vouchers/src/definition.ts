import type { RemoteDefinition } from '@ticketing/shared';
import { App } from './App';
import { createStore } from './store';
import { resources } from './locales';

export const NAMESPACE = 'vouchers';

export const definition: RemoteDefinition = {
  name: __APP_NAME__,
  version: __APP_VERSION__,
  basename: '/vouchers',
  namespace: NAMESPACE,
  resources,
  App,
  createStore,
};
