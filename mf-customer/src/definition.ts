import type { RemoteDefinition } from '@ticketing/shared';
import { App } from './App';
import { createStore } from './store';
import { NAMESPACE } from './locales';

export const definition: RemoteDefinition = {
  name: __APP_NAME__,
  version: __APP_VERSION__,
  basename: '/customer',
  namespace: NAMESPACE,
  // One chunk per language: a page fetches only the visitor's (see shared/src/i18n).
  resources: {
    he: () => import(/* webpackChunkName: "remote-texts-he" */ './locales/he.json'),
    en: () => import(/* webpackChunkName: "remote-texts-en" */ './locales/en.json'),
    ru: () => import(/* webpackChunkName: "remote-texts-ru" */ './locales/ru.json'),
    ar: () => import(/* webpackChunkName: "remote-texts-ar" */ './locales/ar.json'),
    pl: () => import(/* webpackChunkName: "remote-texts-pl" */ './locales/pl.json'),
  },
  App,
  createStore,
};
