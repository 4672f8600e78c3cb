// Sample content kept from the original manager portal (issue 9): violations are not in our data
// model yet, so these counts are examples, shown with a 'Sample data' badge.

export const sampleViolations: { type: string; count: number }[] = [
  { type: 'Parking', count: 12 },
  { type: 'Landscaping', count: 8 },
  { type: 'Trash and recycling', count: 6 },
  { type: 'Architectural changes', count: 4 },
  { type: 'Noise', count: 3 },
  { type: 'Pets', count: 2 },
];
