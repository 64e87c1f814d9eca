import type { Presentation } from '@ticketing/shared';

/** What every order step receives from the stepper (steps rendered on their own, as in tests, get a part of it). */
export interface StepProps {
  presentation: Presentation;
  groupName: (tg: number) => string | undefined;
  onNext: () => void;
  onBack: () => void;
  /** The seat step's map has painted its first picture (the stepper then asks for what the picture did not need). */
  onMapPainted?: () => void;
  /** The map has painted (or was given up waiting for: a map that cannot load holds nothing back). */
  mapPainted?: boolean;
}
