import { between, dayMs, type DomainGenerator } from '../portfolio.ts';

const questions = [
  ['Can I park an RV in my driveway over the weekend?', 'Parking question'],
  ['My kitchen sink is leaking under the cabinet.', 'Leaking kitchen sink'],
  ['What are the pool hours in summer?', 'Pool hours'],
  ['Do I need approval to paint my front door?', 'Painting approval'],
  ['How many pets may I keep?', 'Pet rules'],
  ['When is the next board meeting?', 'Board meeting'],
  ['The streetlight in front of my home is out.', 'Streetlight out'],
  ['Can I rent my unit on a short-term basis?', 'Short-term rentals'],
] as const;
const answers = [
  'Here is what your association’s rules say, quoted from the governing documents.',
  'I have opened a work order and a work room with your manager.',
  'Your manager will get back to you within one business day.',
  'The rules allow it with the architectural review committee’s approval; I can start the request.',
];
const followUps = [
  'Thanks, that helps.',
  'Where can I read that rule?',
  'Can you ask the manager too?',
  'OK, please go ahead.',
];

/** Residents' conversations with the assistant: threads of question, answer and follow-ups. */
export const conversations: DomainGenerator = {
  name: 'conversations',
  async run(context) {
    const random = context.random('conversations');
    const { sink, sizes, today } = context;
    const now = new Date(today.getTime() + 8 * 3600_000);
    const seen = new Set<string>();
    for (const association of context.portfolio.associations)
      for (const member of association.members) {
        if (seen.has(member.userId)) continue;
        seen.add(member.userId);
        if (!random.chance(sizes.assistantUsers)) continue;
        const threads = random.geometric(sizes.threadsPerUser, 1);
        for (let thread = 0; thread < threads; thread++) {
          const [question, title] = random.pick(questions);
          const startedAt = between(random, new Date(now.getTime() - sizes.years * 365 * dayMs), now);
          const threadId = random.uuid();
          const count = random.geometric(sizes.messagesPerThread, 2);
          const updatedAt = new Date(Math.min(now.getTime(), startedAt.getTime() + count * 90_000));
          await sink.add('chat_threads', [threadId, member.userId, title, true, startedAt, updatedAt]);
          for (let message = 0; message < count; message++) {
            const fromPerson = message % 2 === 0;
            await sink.add('chat_messages', [
              random.uuid(),
              threadId,
              null,
              fromPerson ? member.userId : null,
              fromPerson ? null : member.userId,
              fromPerson ? 'user' : 'assistant',
              fromPerson ? (message === 0 ? question : random.pick(followUps)) : random.pick(answers),
              true,
              {},
              new Date(Math.min(now.getTime(), startedAt.getTime() + message * 90_000)),
            ]);
          }
        }
      }
  },
};

/** The bell: recent in-app notifications about people's requests, most of them read. */
export const notifications: DomainGenerator = {
  name: 'notifications',
  async run(context) {
    const random = context.random('notifications');
    const { sink, sizes, today } = context;
    const now = new Date(today.getTime() + 8 * 3600_000);
    const seen = new Set<string>();
    for (const association of context.portfolio.associations)
      for (const member of association.members) {
        if (seen.has(member.userId)) continue;
        seen.add(member.userId);
        const count = random.geometric(sizes.notificationsPerPerson, 0);
        for (let index = 0; index < count; index++) {
          const at = between(random, new Date(now.getTime() - 120 * dayMs), now);
          await sink.add('notifications', [
            random.uuid(),
            member.userId,
            'work-order.updated',
            association.id,
            'Your request was updated',
            'Your manager has posted an update on your request.',
            '/resident',
            true,
            at,
            random.chance(0.8) ? new Date(at.getTime() + 3600_000) : null,
          ]);
        }
      }
    for (const manager of context.portfolio.managers) {
      const count = random.geometric(sizes.notificationsPerPerson * 5, 0);
      for (let index = 0; index < count; index++) {
        const at = between(random, new Date(now.getTime() - 60 * dayMs), now);
        await sink.add('notifications', [
          random.uuid(),
          manager.id,
          'work-order.created',
          null,
          'New request',
          'A resident has asked for help at one of your properties.',
          '/manager',
          true,
          at,
          random.chance(0.6) ? new Date(at.getTime() + 1800_000) : null,
        ]);
      }
    }
  },
};
