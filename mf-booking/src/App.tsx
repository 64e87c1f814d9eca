import { Navigate, Route, Routes } from 'react-router-dom';
import { EventList } from './events/EventList';
import * as Pages from './pages';
import { OrderPage, SeatChangePage } from './routePages';

/** mf-booking owns /order, /vod, /edocument and /mini-site (router basename is the site root). */
export function App() {
  return (
    <Routes>
      <Route path="/order" element={<EventList />} />
      <Route path="/order/:presentationId" element={<OrderPage />} />
      <Route path="/order/confirmation" element={<Pages.Confirmation />} />
      <Route path="/edocument/:documentKey" element={<Pages.EDocumentPage />} />
      <Route path="/edocument/:documentKey/seats" element={<SeatChangePage />} />
      <Route path="/mini-site/:url" element={<Pages.MiniSitePage />} />
      <Route path="/vod" element={<Pages.VodPage />} />
      <Route path="*" element={<Navigate to="/order" replace />} />
    </Routes>
  );
}
