import { getDefaultIndex } from '../../shared/geocoding';
import { routeReport, routeReportBody, routeReportResponse } from '../../shared/route-report';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// What a route drives on: road classes, tolls, tunnels, bridges, ferries, speed limits, countries.
export const handler = httpHandler({
  name: 'routing.routeReport',
  service: 'routing',
  body: routeReportBody,
  response: routeReportResponse,
  run: async ({ body }) => routeReport(networks(), getDefaultIndex(), body),
});
