import { downloadFile } from '../../../lib/download.ts';

/** The printable work order report, as a download (a failure shows as a message, not a saved file). */
export const downloadBoardReport = () =>
  downloadFile('/api/board-portal/report', 'commonwise-work-order-report.pdf');
