import type { Resources } from '@ticketing/shared';
import he from './he.json';
import en from './en.json';
import ru from './ru.json';
import ar from './ar.json';
import pl from './pl.json';

export const resources: Resources = { he, en, ru, ar, pl };

/** This remote's i18next namespace (its locale files are registered under it). */
export const NAMESPACE = 'ticketref';
