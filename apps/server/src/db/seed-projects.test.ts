import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handover, Project, ProjectList } from '@commonwise/contracts';
import { profiles, properties } from './schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoProject } from './seed-projects.ts';

/** The demo's Cedar Ridge (issue 25), as its developer sees it; the two other associations untouched. */

type MilestoneList = { milestones: { title: string; isOverdue: boolean; actualOn: string | null }[] };
let t: TestApp;
let projectId: string;
const get = async (who: 'developer' | 'admin', url: string) =>
  injectAs(t.app, await t.cookieFor(who), { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  const before = await t.database.db.select().from(properties);
  const people = {
    developer: await idOf('developer@commonwise.test'),
    admin: await idOf('admin@commonwise.test'),
  };
  projectId = await t.database.db.transaction((tx) => seedDemoProject(tx, people));
  const after = await t.database.db.select().from(properties);
  // The two existing associations are as they were.
  expect(after.filter((row) => row.name !== 'Cedar Ridge')).toEqual(before);
});
afterAll(async () => t?.close());

describe('the demo project', () => {
  it('is the developer’s only project, with lots in every state and a year of closings', async () => {
    const list = (await get('developer', '/api/projects')).json<ProjectList>();
    expect(list.projects.map((project) => project.name)).toEqual(['Cedar Ridge']);
    const project = (await get('developer', `/api/projects/${projectId}`)).json<Project>();
    expect(project).toMatchObject({
      totalUnits: 60,
      closedUnits: 18,
      conveyedBp: 3000,
      handoverThresholdBp: 7500,
    });
    const totals = project.phases.reduce(
      (sum, phase) => {
        for (const [status, count] of Object.entries(phase.units)) sum[status] = (sum[status] ?? 0) + count;
        return sum;
      },
      {} as Record<string, number>,
    );
    expect(totals).toEqual({
      planned: 24,
      under_construction: 8,
      available: 7,
      under_contract: 3,
      closed: 18,
    });
    expect(project.closingsByMonth.reduce((sum, month) => sum + month.count, 0)).toBe(18);
    expect(project.projection).toMatchObject({ thresholdUnits: 45, remainingUnits: 27, isReached: false });
    expect(project.projection!.monthsToThreshold).toBeGreaterThan(0);
  });

  it('has milestones done, one overdue and some ahead, and a checklist to work through', async () => {
    const { milestones } = (
      await get('developer', `/api/projects/${projectId}/milestones`)
    ).json<MilestoneList>();
    expect(milestones.filter((milestone) => milestone.isOverdue).map((milestone) => milestone.title)).toEqual(
      ['Pool and trailhead complete'],
    );
    expect(milestones.filter((milestone) => milestone.actualOn).length).toBe(4);
    const handover = (await get('developer', `/api/projects/${projectId}/handover`)).json<Handover>();
    expect(handover.items).toHaveLength(10);
    // The hand-over meeting is planned: the election meeting is the one item done.
    expect(handover.items.filter((item) => item.isComplete).map((item) => item.key)).toEqual([
      'election_meeting',
    ]);
  });
});
