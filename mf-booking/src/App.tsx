import { Navigate, Route, Routes } from 'react-router-dom';
import { EventList } from './events/EventList';

/** mf-booking owns /order, /vod, /edocument and /mini-site (router basename is the site root). */
export function App() {
  return (
    <Routes>
      <Route path="/order" element={<EventList />} />
      <Route path="*" element={<Navigate to="/order" replace />} />
    </Routes>
  );
}
