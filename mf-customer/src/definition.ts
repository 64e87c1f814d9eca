import type { RemoteDefinition } from '@ticketing/shared';
import { App } from './App';
import { createStore } from './store';
import { resources } from './locales';

export const NAMESPACE = 'customer';

export const definition: RemoteDefinition = {
  name: __APP_NAME__,
  version: __APP_VERSION__,
  basename: '/customer',
  namespace: NAMESPACE,
  resources,
  App,
  createStore,
};
