/** report/: the failure report and the run's index page, plain data in, one HTML string out (the shells write the files). */
export { buildReport } from './build-report.js';
export { buildIndex } from './build-index.js';
export type { IndexOptions } from './options.js';
export type { IndexEntry, ReportError, ReportImage, ReportInput, ReportLink, ReportRecording, ReportScreenshot } from './data.js';
