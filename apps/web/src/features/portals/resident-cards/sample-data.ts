// The original resident portal shows a fixed account card and events; we have no ledger or event
// calendar behind them, so they stay sample content with a 'Sample data' badge (issue 9).

export const sampleAccount = {
  balance: '$325.00',
  nextPaymentDue: 'Aug 1, 2025',
  nextPaymentAmount: '$325.00',
  description: 'Monthly assessment',
};

export const sampleEvents: { title: string; date: string; time: string; place: string }[] = [
  { title: 'Pool Season Opening Party', date: 'Sat, Jun 7', time: '2:00 PM', place: 'Community pool' },
  { title: 'Board Meeting', date: 'Tue, Jun 17', time: '7:00 PM', place: 'Clubhouse' },
  { title: 'Community Garage Sale', date: 'Sat, Jun 28', time: '8:00 AM', place: 'Throughout the community' },
  {
    title: 'Landscaping Committee Walk',
    date: 'Thu, Jul 10',
    time: '6:30 PM',
    place: 'Meet at the front gate',
  },
];
