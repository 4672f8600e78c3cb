// The landing page's marketing copy. Every figure comes from SPEC.md §1 and §9; nothing here may
// promise more than the product does.

export const stats = [
  { value: '63%', label: 'cost reduction' },
  { value: '94%', label: 'resident satisfaction' },
  { value: '24/7', label: 'always available' },
  { value: '2 min', label: 'average response time' },
  { value: '89%', label: 'of tasks handled by AI' },
] as const;

export type Approach = {
  name: string;
  summary: string;
  points: { text: string; isStrength: boolean }[];
  isOurs?: boolean;
};

export const approaches: Approach[] = [
  {
    name: 'Traditional management company',
    summary: 'A manager juggles dozens of associations and answers during office hours.',
    points: [
      { text: '$25–50 per unit per month, plus extra fees', isStrength: false },
      { text: 'Replies in days, office hours only', isStrength: false },
      { text: 'Experienced people for complex cases', isStrength: true },
    ],
  },
  {
    name: 'Self-managed board',
    summary: 'Volunteers run the association in the evenings, on top of their own jobs.',
    points: [
      { text: 'Lowest direct cost', isStrength: true },
      { text: 'Depends on a few volunteers’ free time', isStrength: false },
      { text: 'Rules and records live in inboxes and binders', isStrength: false },
    ],
  },
  {
    name: 'AI management with human oversight',
    summary:
      'An AI assistant handles everyday requests at any hour; our people review anything complex, urgent or sensitive.',
    points: [
      { text: '$12–25 per unit per month, all-inclusive', isStrength: true },
      { text: 'Answers around the clock, in about 2 minutes', isStrength: true },
      { text: 'People step in for judgment calls and emergencies', isStrength: true },
    ],
    isOurs: true,
  },
];

export const comparisonRows = [
  {
    service: 'Resident questions',
    traditional: 'Office hours; replies take days',
    ours: '24/7, answered in about 2 minutes',
  },
  {
    service: 'Maintenance requests',
    traditional: 'Phone calls and e-mail chains',
    ours: 'A tracked work order and a work room with the vendor',
  },
  {
    service: 'Governing documents',
    traditional: 'Ask the manager to look it up',
    ours: 'Answers drawn from your own CC&Rs, bylaws and rules',
  },
  {
    service: 'Board reporting',
    traditional: 'Monthly packet',
    ours: 'A live dashboard, plus reports on demand',
  },
  {
    service: 'Complex or urgent cases',
    traditional: 'Whoever is on call',
    ours: 'Escalated to a person on our team',
  },
  {
    service: 'Management fee',
    traditional: '$25–50 per unit per month',
    ours: '$12–25 per unit per month, no hidden fees',
  },
] as const;

export type Portal = { id: string; name: string; title: string; description: string; features: string[] };

export const portals: Portal[] = [
  {
    id: 'board',
    name: 'Board',
    title: 'Board Member Portal',
    description: 'Everything the board decides on, in one place, without waiting for a monthly packet.',
    features: [
      'Operating budget and reserve fund at a glance',
      'Upcoming decisions with the documents behind them',
      'Reports generated when you need them',
    ],
  },
  {
    id: 'resident',
    name: 'Resident',
    title: 'Resident Portal',
    description: 'Residents get answers and get things fixed without chasing anyone.',
    features: [
      'Ask the AI assistant anything, at any hour',
      'Submit and follow maintenance requests',
      'Balance, payments, events and community documents',
    ],
  },
  {
    id: 'manager',
    name: 'Manager',
    title: 'Manager Portal',
    description: 'Our community managers see every property’s health and step in where it matters.',
    features: [
      'Tasks and escalations from the AI assistant',
      'Property health and violation counts',
      'Every conversation with residents and vendors',
    ],
  },
  {
    id: 'developer',
    name: 'Developer',
    title: 'Developer Portal',
    description: 'Builders hand over new communities with the association ready on day one.',
    features: [
      'Project overview and sales progress',
      'Community setup checklist and milestones',
      'A smooth handover to the homeowners’ board',
    ],
  },
  {
    id: 'vendor',
    name: 'Vendor',
    title: 'Vendor Portal',
    description: 'Contractors receive clear work orders and get paid without paperwork.',
    features: [
      'Work orders with photos, access notes and due dates',
      'Bid opportunities from the communities we manage',
      'Invoices and payment status',
    ],
  },
];

export type ChatMessage = { from: 'resident' | 'assistant'; text: string };
export type Conversation = { title: string; messages: ChatMessage[] };

export const mainConversation: Conversation = {
  title: 'A late fee, sorted at 9:40 pm',
  messages: [
    {
      from: 'resident',
      text: 'I was charged a $25 late fee, but I paid on the 8th. Can you take it off?',
    },
    {
      from: 'assistant',
      text: 'You’re right: your community’s collection policy gives a grace period to the 10th, and your payment arrived on the 8th. I’ve waived the $25 late fee, and your balance is now $0.00.',
    },
    { from: 'resident', text: 'That was quick. Thank you!' },
    {
      from: 'assistant',
      text: 'You’re welcome. I’ve noted it on your account so the board’s records match. Anything else I can help with?',
    },
  ],
};

export const moreConversations: Conversation[] = [
  {
    title: 'A leak becomes a work order',
    messages: [
      { from: 'resident', text: 'Water is dripping from the ceiling of the garage below my unit.' },
      {
        from: 'assistant',
        text: 'I’ve opened an urgent work order and alerted the on-call manager, who will confirm the plumber’s arrival time. Until then, please keep the area clear. You can follow every update in the work room.',
      },
    ],
  },
  {
    title: 'A question the CC&Rs answer',
    messages: [
      { from: 'resident', text: 'Can I paint my front door dark green?' },
      {
        from: 'assistant',
        text: 'The architectural guidelines allow door colors from the approved palette, and dark green is on it. No application is needed. Anything outside the palette goes to the board for approval; I can start that request for you.',
      },
    ],
  },
];

export const pricing = {
  traditional: { name: 'Traditional management', range: '$25–50', unit: 'per unit per month' },
  ours: { name: 'AI management with human oversight', range: '$12–25', unit: 'per unit per month' },
  included: [
    'AI assistant for residents, available 24/7',
    'Human oversight for complex and urgent issues',
    'A dedicated transition manager for 90 days',
    'AI management active in as little as 2 weeks',
    '90-day satisfaction guarantee: we transition you back at no cost',
    'All-inclusive pricing with no hidden fees',
  ],
} as const;

export type Testimonial = {
  quote: string;
  name: string;
  role: string;
  community: string;
  metric: { value: string; label: string };
};

export const testimonials: Testimonial[] = [
  {
    quote:
      'Our management fee dropped by more than half, and residents stopped calling board members at home. The assistant answers before I would have even seen the e-mail.',
    name: 'Linda Marsh',
    role: 'Board President',
    community: 'Willow Creek Commons, 212 units',
    metric: { value: '52%', label: 'lower management cost' },
  },
  {
    quote:
      'I submitted a maintenance request at midnight and had a vendor scheduled by breakfast. I could see every step in the work room.',
    name: 'Omar Haddad',
    role: 'Resident',
    community: 'Harbor View Condominiums',
    metric: { value: '2 min', label: 'to the first answer' },
  },
  {
    quote:
      'The transition took two weeks. Our transition manager moved every document over and stayed with us for the first 90 days.',
    name: 'Grace Liu',
    role: 'Board Treasurer',
    community: 'Maple Ridge Townhomes, 48 units',
    metric: { value: '2 weeks', label: 'to go live' },
  },
  {
    quote:
      'Work orders arrive complete, with photos and access notes, and invoices get approved without a week of back and forth.',
    name: 'Carlos Mendez',
    role: 'Owner, Mendez Plumbing',
    community: 'Vendor since 2024',
    metric: { value: '89%', label: 'of requests handled by AI' },
  },
];

export const transitionSteps = [
  {
    title: 'Free consultation',
    text: 'We review your current contract, budget and governing documents with your board, and show what would change for residents.',
  },
  {
    title: 'Onboarding',
    text: 'We load your CC&Rs, bylaws, vendors and resident directory. AI management is active in as little as 2 weeks.',
  },
  {
    title: 'Go live with support',
    text: 'A dedicated transition manager stays with you for 90 days. Not satisfied? We transition you back at no cost.',
  },
] as const;

export type Founder = {
  name: string;
  title: string;
  background: string;
  quote: string;
  portrait: 'ceo' | 'coo';
};

export const founders: Founder[] = [
  {
    name: 'Priya Raman',
    title: 'Co-founder, CEO & CTO',
    background:
      'Spent twelve years building software for property managers, and two terms as treasurer of her own 140-home association, where she saw how much of a manager’s week goes to questions a good system could answer.',
    quote:
      'Residents deserve an answer tonight, not next Tuesday. Software can give them that, as long as people stay responsible for the decisions.',
    portrait: 'ceo',
  },
  {
    name: 'Marcus Bell',
    title: 'Co-founder & COO',
    background:
      'A community association manager for fifteen years, responsible for more than thirty associations. He leads the transition team and the people who review every case the AI escalates.',
    quote:
      'I know what a good manager does. Our job is to give every community that, without the overhead that made it expensive.',
    portrait: 'coo',
  },
];

export const pillars = [
  {
    title: 'Real-World Experience',
    text: 'Built with people who have run associations and sat on boards: we know budgets, reserves, violations and the 10 pm phone call.',
  },
  {
    title: 'Technical Innovation',
    text: 'An AI assistant that reads your own governing documents, turns requests into tracked work, and knows when to hand over to a person.',
  },
  {
    title: 'Community Focus',
    text: 'Lower fees leave more for reserves and improvements, and faster answers make neighbors happier. The community is the customer.',
  },
] as const;
