import { useTranslation } from 'react-i18next';
import { addNamespace, i18n, type Resources } from '@ticketing/shared';
import he from './he.json';
import en from './en.json';
import ru from './ru.json';
import ar from './ar.json';
import pl from './pl.json';

/** The seat map's own i18next namespace on the shared instance, whichever remote renders the map. */
export const NAMESPACE = 'seatmap';
export const resources: Resources = { he, en, ru, ar, pl };

/** useTranslation for the seat map; adds its texts on first use (i18next accepts bundles only once initialised). */
export function useSeatmapTranslation() {
  if (i18n.isInitialized && !i18n.hasResourceBundle('he', NAMESPACE)) addNamespace(NAMESPACE, resources);
  return useTranslation(NAMESPACE);
}
