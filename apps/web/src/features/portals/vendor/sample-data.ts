// SPEC §3 static sample records: bid (id, property, project, deadline, budget, status) and invoice
// (id, property, amount, issued, status, paidOn). We have no bids or invoices behind them yet, so they
// are shown as sample content with a 'Sample data' badge (issue 9). The properties are fictional on
// purpose, so no one reads them as their association's.
import { sampleDay } from '../components/sample-dates.ts';

export type SampleBid = {
  id: string;
  property: string;
  project: string;
  deadline: string;
  budget: string;
  status: 'Open' | 'Submitted' | 'Awarded';
};

export const sampleBids: SampleBid[] = [
  {
    id: 'BID-1042',
    property: 'Lakeside Villas',
    project: 'Clubhouse roof replacement',
    deadline: sampleDay(12),
    budget: '$48,000',
    status: 'Open',
  },
  {
    id: 'BID-1038',
    property: 'Oak Park Townhomes',
    project: 'Parking lot resurfacing',
    deadline: sampleDay(5),
    budget: '$32,500',
    status: 'Submitted',
  },
  {
    id: 'BID-1031',
    property: 'Summit Heights',
    project: 'Irrigation system upgrade',
    deadline: sampleDay(-8),
    budget: '$12,800',
    status: 'Awarded',
  },
];

export type SampleInvoice = {
  id: string;
  property: string;
  amount: string;
  issued: string;
  status: 'Paid' | 'Pending' | 'Overdue';
  paidOn: string | null;
};

export const sampleInvoices: SampleInvoice[] = [
  {
    id: 'INV-2207',
    property: 'Lakeside Villas',
    amount: '$1,240.00',
    issued: sampleDay(-21),
    status: 'Paid',
    paidOn: sampleDay(-9),
  },
  {
    id: 'INV-2213',
    property: 'Oak Park Townhomes',
    amount: '$860.00',
    issued: sampleDay(-10),
    status: 'Pending',
    paidOn: null,
  },
  {
    id: 'INV-2198',
    property: 'Summit Heights',
    amount: '$2,475.00',
    issued: sampleDay(-40),
    status: 'Overdue',
    paidOn: null,
  },
];
