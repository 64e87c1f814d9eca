import type { RemoteDefinition } from '@ticketing/shared';
import { App } from './App';
import { createStore } from './store';
import { resources } from './locales';

export const NAMESPACE = 'memberships';

export const definition: RemoteDefinition = {
  name: __APP_NAME__,
  version: __APP_VERSION__,
  basename: '/membership',
  namespace: NAMESPACE,
  resources,
  App,
  createStore,
};
