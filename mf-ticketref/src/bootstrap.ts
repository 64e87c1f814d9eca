// Standalone mode for this remote's own team (npm run dev -w mf-ticketref).
import '@ticketing/shared/ui.css';
import { renderStandalone } from '@ticketing/shared';
import { definition } from './definition';

void renderStandalone(definition, document.getElementById('root'));
