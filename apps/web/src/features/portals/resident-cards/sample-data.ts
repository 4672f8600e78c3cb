// The original resident portal shows fixed events; we have no event calendar behind them, so they stay
// sample content with a 'Sample data' badge (issue 9) until community life is built (issue 23).
import { sampleWeekday } from '../components/sample-dates.ts';

export const sampleEvents: { title: string; date: string; time: string; place: string }[] = [
  { title: 'Pool Season Opening Party', date: sampleWeekday(5), time: '2:00 PM', place: 'Community pool' },
  { title: 'Board Meeting', date: sampleWeekday(15), time: '7:00 PM', place: 'Clubhouse' },
  {
    title: 'Community Garage Sale',
    date: sampleWeekday(26),
    time: '8:00 AM',
    place: 'Throughout the community',
  },
  {
    title: 'Landscaping Committee Walk',
    date: sampleWeekday(38),
    time: '6:30 PM',
    place: 'Meet at the front gate',
  },
];
