import {
  between,
  dateOnly,
  dayMs,
  type Association,
  type DomainGenerator,
  type GeneratorContext,
} from '../portfolio.ts';
import type { Random } from '../random.ts';

type Issue = { main: string; sub: string; summaries: string[]; tasks: string[] };
const issues: Issue[] = [
  {
    main: 'plumbing',
    sub: 'leak',
    summaries: [
      'Kitchen sink leaking under the cabinet',
      'Water stain spreading on the ceiling',
      'Leak from the unit above into the bathroom',
      'Irrigation line broken by the sidewalk',
    ],
    tasks: [
      'Inspect the supply lines and drain',
      'Replace the cracked fitting',
      'Dry out and check for mould',
      'Shut off and repair the line',
    ],
  },
  {
    main: 'plumbing',
    sub: 'drain',
    summaries: [
      'Main drain backing up in the garage',
      'Storm drain clogged at the entrance',
      'Slow drain in the clubhouse restroom',
    ],
    tasks: ['Snake the drain', 'Camera inspection of the sewer line', 'Clear debris from the grate'],
  },
  {
    main: 'electrical',
    sub: 'lighting',
    summaries: [
      'Streetlight out near the mailboxes',
      'Parking garage lights flickering',
      'Pathway lights off along the pond',
      'Stairwell light out on the third floor',
    ],
    tasks: [
      'Replace the bulb and ballast',
      'Check the photocell and timer',
      'Report the outage to the utility',
    ],
  },
  {
    main: 'hvac',
    sub: 'cooling',
    summaries: [
      'Clubhouse air conditioning not cooling',
      'Gym HVAC making a grinding noise',
      'Lobby too hot in the afternoons',
    ],
    tasks: ['Check refrigerant and filters', 'Replace the condenser fan motor', 'Rebalance the dampers'],
  },
  {
    main: 'common_areas',
    sub: 'pool',
    summaries: [
      'Pool gate latch does not close',
      'Pool water cloudy after the weekend',
      'Broken tile on the pool steps',
      'Spa heater not working',
    ],
    tasks: [
      'Adjust the self-closing hinge',
      'Shock and balance the water',
      'Replace the damaged tile',
      'Service the heater',
    ],
  },
  {
    main: 'landscaping',
    sub: 'trees',
    summaries: [
      'Tree branch hanging over the walkway',
      'Dead shrubs along the front entrance',
      'Sprinklers flooding the lawn',
      'Fallen tree after the storm',
    ],
    tasks: [
      'Trim the branch back to the trunk',
      'Replace the shrubs',
      'Adjust the sprinkler heads',
      'Remove the fallen tree',
    ],
  },
  {
    main: 'access',
    sub: 'garage',
    summaries: [
      'Garage door remote stopped working',
      'Entry gate stuck open',
      'Key fob reader at the side door dead',
      'Intercom not calling residents',
    ],
    tasks: [
      'Re-program the remote',
      'Repair the gate operator',
      'Replace the fob reader',
      'Reset the intercom directory',
    ],
  },
  {
    main: 'roofing',
    sub: 'repair',
    summaries: [
      'Missing shingles after the wind storm',
      'Gutter pulling away from building 2',
      'Roof leak over the hallway',
    ],
    tasks: ['Inspect the roof', 'Replace the missing shingles', 'Re-hang and seal the gutter'],
  },
  {
    main: 'community',
    sub: 'noise',
    summaries: [
      'Noise complaint about late-night parties',
      'Barking dog every morning',
      'Construction noise before 8 a.m.',
    ],
    tasks: [
      'Send a courtesy notice',
      'Follow up with the owner',
      'Review the quiet hours rule with the board',
    ],
  },
  {
    main: 'pest_control',
    sub: 'rodents',
    summaries: ['Mice seen in the trash enclosure', 'Ants along the pool deck', 'Wasp nest under the eaves'],
    tasks: ['Set bait stations', 'Treat the perimeter', 'Remove the nest'],
  },
];
const roomLines = {
  resident: [
    'Thank you, I will be home all morning.',
    'It is getting worse since yesterday.',
    'Could someone come before the weekend?',
    'I sent a photo of the damage.',
    'Yes, that time works for me.',
    'The noise started again last night.',
  ],
  manager: [
    'I have asked the vendor to come by tomorrow between 9 and 11.',
    'Thanks for the photo, that helps.',
    'The board approved the repair.',
    'Can you confirm someone will be home?',
    'I will follow up with the vendor today.',
    'Closing this once the vendor confirms.',
  ],
  vendor: [
    'On my way, about 20 minutes out.',
    'Inspected: the part is cracked, I will bring a replacement.',
    'Work is done, please check and confirm.',
    'I need access to the utility room.',
    'Parts are on order, back on Thursday.',
    'Quote sent to the manager for approval.',
  ],
};

const closed = new Set(['completed', 'cancelled']);

/**
 * Work orders over the years, each with its tasks, activity and (for most) a work room with the
 * resident, the primary manager and the vendor talking in it. Old work is done or cancelled; the last
 * weeks hold the open work.
 */
export const workOrders: DomainGenerator = {
  name: 'work-orders',
  async run(context) {
    const random = context.random('work-orders');
    for (const association of context.portfolio.associations)
      await workOrdersOf(context, random, association);
  },
};

/** Each association's work orders are numbered from here, as the database's sequence would. */
const firstReferenceNumber = 1001;

async function workOrdersOf(context: GeneratorContext, random: Random, association: Association) {
  const { sink, sizes, today } = context;
  const count = Math.round(association.units.length * sizes.workOrdersPerUnit);
  const start = new Date(
    Math.max(association.createdAt.getTime(), today.getTime() - sizes.years * 365 * dayMs),
  );
  const now = new Date(today.getTime() + 8 * 3600_000);
  const manager = association.managerIds[0]!;
  const residents = association.members.filter((member) => member.kind !== 'family' || random.chance(0.3));
  for (let number = 0; number < count; number++) {
    // Slightly more recent work than old: the portfolio grew.
    const createdAt = between(random, start, now);
    if (random.chance(0.25))
      createdAt.setTime(between(random, new Date(now.getTime() - 365 * dayMs), now).getTime());
    const ageDays = (now.getTime() - createdAt.getTime()) / dayMs;
    const issue = random.pick(issues);
    const summary = random.pick(issue.summaries);
    const resident = residents.length > 0 && random.chance(0.9) ? random.pick(residents).userId : null;
    const vendor =
      association.vendorIds.length > 0 && random.chance(0.7) ? random.pick(association.vendorIds) : null;
    const status =
      ageDays > 45
        ? random.weighted({ completed: 85, cancelled: 12, pending: 3 })
        : random.weighted({ new: 25, pending: 20, in_progress: vendor ? 35 : 10, completed: 20 });
    const priority = random.weighted({ low: 15, normal: 65, high: 17, emergency: 3 });
    const finishedAt = closed.has(status)
      ? new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 20) * dayMs))
      : null;
    const updatedAt =
      finishedAt ?? new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 3) * dayMs));
    const id = random.uuid();
    await sink.add('work_orders', [
      id,
      resident,
      association.id,
      vendor,
      summary,
      issue.main,
      issue.sub,
      status,
      priority,
      createdAt,
      updatedAt,
      dateOnly(new Date(createdAt.getTime() + random.int(2, 14) * dayMs)),
      // Given here, not by the trigger's per-row sequence update (a million updates of 150 rows);
      // generate.ts sets each association's sequence after the last one.
      firstReferenceNumber + number,
    ]);

    const taskCount = random.int(1, 3);
    for (let task = 0; task < taskCount; task++) {
      const done = status === 'completed' || (status === 'in_progress' && task === 0);
      const taskStatus = done
        ? 'completed'
        : status === 'cancelled'
          ? 'cancelled'
          : status === 'in_progress'
            ? 'in_progress'
            : 'pending';
      await sink.add('work_order_tasks', [
        random.uuid(),
        id,
        association.id,
        vendor ? 'vendor' : 'manager',
        vendor ?? manager,
        issue.tasks[task % issue.tasks.length]!,
        taskStatus,
        done ? (finishedAt ?? updatedAt) : null,
        createdAt,
      ]);
    }

    const activity: [
      string,
      string | null,
      string | null,
      string,
      Record<string, unknown>,
      string | null,
      Date,
    ][] = [
      [
        'created',
        null,
        null,
        resident ? 'Work order created from a resident request' : 'Work order created by the manager',
        {},
        resident ?? manager,
        createdAt,
      ],
    ];
    if (vendor)
      activity.push([
        'assigned',
        'vendor',
        vendor,
        'Assigned to a vendor',
        {},
        manager,
        new Date(createdAt.getTime() + 3600_000),
      ]);
    if (status !== 'new')
      activity.push([
        'status_changed',
        null,
        null,
        `Status changed from new to ${status}`,
        { from: 'new', to: status },
        manager,
        new Date(createdAt.getTime() + 2 * 3600_000),
      ]);
    if (status === 'completed')
      activity.push([
        'completed',
        null,
        null,
        'Work finished and checked',
        {},
        vendor ?? manager,
        finishedAt!,
      ]);
    for (const [type, entityType, entityId, description, metadata, actor, at] of activity)
      await sink.add('work_order_activity', [
        random.uuid(),
        id,
        type,
        entityType,
        entityId,
        description,
        metadata,
        actor,
        at,
      ]);

    if (!random.chance(0.8)) continue;
    const roomId = random.uuid();
    const isActive = !closed.has(status) || ageDays < 30;
    await sink.add('breakout_rooms', [roomId, summary, 'work_order', isActive, id, createdAt]);
    const speakers: { userId: string; role: 'resident' | 'manager' | 'vendor' }[] = [
      { userId: manager, role: 'manager' },
    ];
    if (resident) speakers.push({ userId: resident, role: 'resident' });
    if (vendor) speakers.push({ userId: vendor, role: 'vendor' });
    const messageCount = random.geometric(sizes.messagesPerRoom, 1);
    let at = createdAt.getTime();
    const lastMessageAt = Math.min(now.getTime(), at + messageCount * 4 * 3600_000);
    const step = Math.max(60_000, Math.floor((lastMessageAt - at) / messageCount));
    for (const speaker of speakers)
      await sink.add('room_participants', [
        random.uuid(),
        roomId,
        speaker.userId,
        speaker.role,
        createdAt,
        new Date(random.chance(0.7) ? lastMessageAt : at + step * random.int(0, messageCount)),
        true,
      ]);
    for (let message = 0; message < messageCount; message++) {
      const speaker = speakers[message % speakers.length]!;
      at += random.int(Math.floor(step / 2), step);
      await sink.add('chat_messages', [
        random.uuid(),
        null,
        roomId,
        speaker.userId,
        null,
        'user',
        random.pick(roomLines[speaker.role]),
        true,
        {},
        new Date(Math.min(at, now.getTime())),
      ]);
    }
  }
}
