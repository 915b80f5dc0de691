export { reportLine, type ReportLine } from './line';
export { runsOf, totals, type Run } from './runs';
export { MAX_SHAPE_LENGTH, routeReportBody, routeReportResponse, type RouteReportRequest } from './schemas';
export { routeReport } from './service';
