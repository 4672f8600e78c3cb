import type { Role } from '@commonwise/contracts';

/** The demo accounts: the foundation issue names them, and checks rely on them. Do not rename. */
export const demoPassword = 'commonwise-demo';

export const demoAccounts: { email: string; fullName: string; role: Role }[] = [
  { email: 'admin@commonwise.test', fullName: 'Alex Morgan', role: 'admin' },
  { email: 'manager@commonwise.test', fullName: 'Maria Santos', role: 'manager' },
  { email: 'resident@commonwise.test', fullName: 'Ryan Chen', role: 'resident' },
  { email: 'vendor@commonwise.test', fullName: 'Victor Ortiz', role: 'vendor' },
  { email: 'board@commonwise.test', fullName: 'Beatrice Hall', role: 'board' },
  { email: 'developer@commonwise.test', fullName: 'Devon Price', role: 'developer' },
  { email: 'resident2@commonwise.test', fullName: 'Priya Patel', role: 'resident' },
  { email: 'manager2@commonwise.test', fullName: 'Marcus Reed', role: 'manager' },
];
