// The original's developer portal shows fixed figures; our data model has no projects, sales or
// milestones behind them, so they stay sample content, shown with a 'Sample data' badge (issue 9).

export const sampleProject = {
  name: 'Riverside Meadows',
  phase: 'Phase 2 of 3',
  location: 'Round Rock, TX',
  homesPlanned: 150,
  homesCompleted: 96,
  constructionProgress: 64,
  turnover: 'Sep 2026',
};

export const sampleSales = {
  homesSold: 92,
  homesPlanned: 150,
  soldThisQuarter: 18,
  revenueToDate: '$37.9M',
  averagePrice: '$412,000',
  reservations: 11,
};

export type SampleMilestoneStatus = 'completed' | 'in_progress' | 'upcoming';

export const sampleMilestones: { title: string; date: string; status: SampleMilestoneStatus }[] = [
  { title: 'Land acquisition and permits', date: 'Jan 2024', status: 'completed' },
  { title: 'Site infrastructure and utilities', date: 'Sep 2024', status: 'completed' },
  { title: 'Model homes open', date: 'Feb 2025', status: 'completed' },
  { title: 'Phase 2 construction', date: 'Dec 2025', status: 'in_progress' },
  { title: 'Amenity center and pool', date: 'Mar 2026', status: 'upcoming' },
  { title: 'HOA turnover to homeowners', date: 'Sep 2026', status: 'upcoming' },
];
