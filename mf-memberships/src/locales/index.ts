import type { Resources } from '@ticketing/shared';
import he from './he.json';
import en from './en.json';
import ru from './ru.json';
import ar from './ar.json';
import pl from './pl.json';

/** This remote's i18next namespace (its texts live in ./<locale>.json). */
export const NAMESPACE = 'memberships';

export const resources: Resources = { he, en, ru, ar, pl };
