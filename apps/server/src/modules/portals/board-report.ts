import {
  maintenanceCategoryLabels,
  type BoardReportWorkOrder,
  type BoardWorkOrderOverview,
} from '@commonwise/contracts';
import { escapeHtml } from '../../plugins/web-app.ts';

const statusLabels: Record<string, string> = {
  new: 'New',
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const priorityLabels: Record<string, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  emergency: 'Emergency',
};

export function labelCategory(category: string): string {
  return (
    (maintenanceCategoryLabels as Record<string, string>)[category] ??
    category.replace(/[_-]+/g, ' ').replace(/^./, (first) => first.toUpperCase())
  );
}

/** "6.0 days" or "5.5 hours": days once it is a day or more. */
export function formatDuration(hours: number): string {
  if (hours >= 24) {
    const days = hours / 24;
    return `${days.toFixed(1)} ${days.toFixed(1) === '1.0' ? 'day' : 'days'}`;
  }
  return `${hours.toFixed(1)} ${hours.toFixed(1) === '1.0' ? 'hour' : 'hours'}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** The report's file name: commonwise-work-order-report-YYYY-MM-DD.html (UTC date of generation). */
export function reportFileName(generatedAt: string): string {
  return `commonwise-work-order-report-${generatedAt.slice(0, 10)}.html`;
}

function countTable(caption: string, heading: string, rows: { label: string; count: number }[]): string {
  const body = rows.length
    ? rows
        .map((row) => `<tr><td>${escapeHtml(row.label)}</td><td class="num">${row.count}</td></tr>`)
        .join('')
    : `<tr><td colspan="2">None</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">${escapeHtml(heading)}</th><th scope="col" class="num">Open</th></tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * The board's work order report: a self-contained, printable HTML page (no scripts, inline styles only)
 * with the same figures as the portal's overview and the open work orders behind them. Every value
 * from the database is escaped.
 */
export function renderBoardReport(overview: BoardWorkOrderOverview, openWorkOrders: BoardReportWorkOrder[]) {
  const generated = new Date(overview.generatedAt);
  const { completion } = overview;
  const averageText =
    completion.averageHours === null
      ? `No work orders completed in the last ${completion.windowDays} days`
      : `${formatDuration(completion.averageHours)} on average, from creation to completion, over ${completion.completedCount} work ${completion.completedCount === 1 ? 'order' : 'orders'} completed in the last ${completion.windowDays} days`;

  const ageDays = (createdAt: string) =>
    Math.max(0, Math.floor((generated.getTime() - Date.parse(createdAt)) / (24 * 60 * 60 * 1000)));
  const workOrderRows = openWorkOrders.length
    ? openWorkOrders
        .map(
          (workOrder) =>
            `<tr><td>#${escapeHtml(workOrder.id.slice(-8))}</td><td>${escapeHtml(workOrder.summary)}</td><td>${escapeHtml(workOrder.propertyName)}</td><td>${escapeHtml(labelCategory(workOrder.mainCategory))}</td><td>${escapeHtml(statusLabels[workOrder.status] ?? workOrder.status)}</td><td>${escapeHtml(priorityLabels[workOrder.priority] ?? workOrder.priority)}</td><td>${escapeHtml(dateFormat.format(new Date(workOrder.createdAt)))}</td><td class="num">${ageDays(workOrder.createdAt)}</td></tr>`,
        )
        .join('')
    : `<tr><td colspan="8">No open work orders</td></tr>`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Work order report — ${escapeHtml(dateFormat.format(generated))}</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1a1b1e; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; line-height: 1.45; }
  h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
  h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #dee2e6; padding-bottom: 0.25rem; }
  .meta { color: #495057; margin-top: 0; }
  .figures { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
  .figure { border: 1px solid #dee2e6; border-radius: 8px; padding: 0.75rem 1rem; min-width: 11rem; flex: 1; }
  .figure strong { display: block; font-size: 1.5rem; }
  table { border-collapse: collapse; width: 100%; margin: 0.75rem 0 1.25rem; font-size: 0.9rem; }
  caption { text-align: left; font-weight: 600; padding-bottom: 0.35rem; }
  th, td { border-bottom: 1px solid #dee2e6; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
  th { background: #f1f3f5; }
  .num { text-align: right; white-space: nowrap; }
  .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 0 1.5rem; }
  footer { margin-top: 2rem; color: #868e96; font-size: 0.8rem; }
  @media print { body { margin: 0; max-width: none; } .figure { break-inside: avoid; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<header>
<h1>Work order report</h1>
<p class="meta">Commonwise · ${overview.propertyCount} ${overview.propertyCount === 1 ? 'property' : 'properties'} · generated ${escapeHtml(dateTimeFormat.format(generated))}</p>
</header>
<main>
<section aria-labelledby="overview">
<h2 id="overview">Overview</h2>
<div class="figures">
<div class="figure"><span>Open work orders</span><strong>${overview.openCount}</strong></div>
<div class="figure"><span>Completed in the last ${completion.windowDays} days</span><strong>${completion.completedCount}</strong></div>
<div class="figure"><span>Average time to completion</span><strong>${completion.averageHours === null ? '—' : escapeHtml(formatDuration(completion.averageHours))}</strong></div>
</div>
<p>${escapeHtml(averageText)}. Open means new, pending or in progress.</p>
<div class="grid">
${countTable(
  'Open by status',
  'Status',
  overview.openByStatus.map((row) => ({ label: statusLabels[row.status] ?? row.status, count: row.count })),
)}
${countTable(
  'Open by category',
  'Category',
  overview.openByCategory.map((row) => ({ label: labelCategory(row.category), count: row.count })),
)}
${countTable(
  'Open by property',
  'Property',
  overview.openByProperty.map((row) => ({ label: row.name, count: row.count })),
)}
</div>
</section>
<section aria-labelledby="open-work-orders">
<h2 id="open-work-orders">Open work orders (oldest first)</h2>
<table>
<thead><tr><th scope="col">Number</th><th scope="col">Summary</th><th scope="col">Property</th><th scope="col">Category</th><th scope="col">Status</th><th scope="col">Priority</th><th scope="col">Created</th><th scope="col" class="num">Age (days)</th></tr></thead>
<tbody>${workOrderRows}</tbody>
</table>
</section>
</main>
<footer>Figures from the association's work orders in Commonwise at the time shown above. To keep a PDF, print this page and choose “Save as PDF”.</footer>
</body>
</html>
`;
}
