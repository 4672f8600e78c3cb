import { addPerson, dayMs, nameFor, type DomainGenerator } from '../portfolio.ts';

const trades = [
  'Plumbing',
  'Electric',
  'Roofing',
  'Landscaping',
  'Pool Service',
  'HVAC',
  'Painting',
  'Pest Control',
  'Locksmith',
  'Paving',
  'Elevator',
  'Fencing',
  'Cleaning',
  'Security Systems',
  'Tree Care',
  'Handyman',
];

/** The operator's people: admins, the property managers and the vendors' users. */
export const staff: DomainGenerator = {
  name: 'staff',
  async run(context) {
    const random = context.random('staff');
    const { sizes, portfolio } = context;
    const joined = (years: number) => new Date(context.today.getTime() - years * 365 * dayMs);
    for (let index = 1; index <= sizes.admins; index++)
      portfolio.admins.push(
        await addPerson(context, {
          id: random.uuid(),
          email: `admin${index}@scale.commonwise.test`,
          fullName: nameFor(random),
          role: 'admin',
          createdAt: joined(sizes.years + 1),
        }),
      );
    for (let index = 1; index <= sizes.managers; index++)
      portfolio.managers.push(
        await addPerson(context, {
          id: random.uuid(),
          email: `manager${index}@scale.commonwise.test`,
          fullName: nameFor(random),
          role: 'manager',
          createdAt: joined(random.int(1, sizes.years)),
        }),
      );
    for (let index = 1; index <= sizes.vendors; index++) {
      const trade = trades[(index - 1) % trades.length]!;
      portfolio.vendors.push(
        await addPerson(context, {
          id: random.uuid(),
          email: `vendor${index}@scale.commonwise.test`,
          fullName: `${nameFor(random)} (${trade})`,
          role: 'vendor',
          createdAt: joined(random.int(1, sizes.years)),
        }),
      );
    }
  },
};
