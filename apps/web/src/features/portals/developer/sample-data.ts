// The original's developer portal shows fixed figures; our data model has no projects, sales or
// milestones behind them, so they stay sample content, shown with a 'Sample data' badge (issue 9).
import { sampleMonth } from '../components/sample-dates.ts';

export const sampleProject = {
  name: 'Riverside Meadows',
  phase: 'Phase 2 of 3',
  location: 'Round Rock, TX',
  homesPlanned: 150,
  homesCompleted: 96,
  constructionProgress: 64,
  turnover: sampleMonth(12),
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
  { title: 'Land acquisition and permits', date: sampleMonth(-22), status: 'completed' },
  { title: 'Site infrastructure and utilities', date: sampleMonth(-14), status: 'completed' },
  { title: 'Model homes open', date: sampleMonth(-7), status: 'completed' },
  { title: 'Phase 2 construction', date: sampleMonth(3), status: 'in_progress' },
  { title: 'Amenity center and pool', date: sampleMonth(6), status: 'upcoming' },
  { title: 'HOA turnover to homeowners', date: sampleMonth(12), status: 'upcoming' },
];
