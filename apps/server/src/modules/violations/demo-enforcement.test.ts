import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnforcementState, Violation, ViolationList, ViolationRuleList } from '@commonwise/contracts';
import { eq } from 'drizzle-orm';
import { properties } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { readDemoDocument, seedDemoDocuments } from '../documents/demo-documents.ts';
import { seedDemoEnforcement } from './demo-enforcement.ts';

/**
 * The demo's enforcement (issue 21): added once, after the documents it cites; its rules quote those
 * documents word for word; its violations carry photos anyone who reads them can open.
 */
describe('the demo enforcement', () => {
  let t: TestApp;
  let willowId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [{ id: willowId }] = (await t.app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  });
  afterAll(async () => t.close());

  it('waits for the documents, then adds its rules and violations once', async () => {
    expect(await seedDemoEnforcement(t.app)).toBe(false);
    await seedDemoDocuments(t.app);
    expect(await seedDemoEnforcement(t.app)).toBe(true);
    expect(await seedDemoEnforcement(t.app)).toBe(false);

    const manager = await t.cookieFor('manager');
    const rules = (
      await injectAs(t.app, manager, { method: 'GET', url: `/api/properties/${willowId}/violation-rules` })
    ).json<ViolationRuleList>();
    expect(rules.rules).toHaveLength(7);
    expect(rules.suggested).toBe(0);
    const text = (
      await Promise.all(['willow-creek-ccrs', 'willow-creek-rules'].map((source) => readDemoDocument(source)))
    )
      .flat()
      .join(' ')
      .replace(/\s+/g, ' ');
    for (const rule of rules.rules) {
      expect(rule.status).toBe('confirmed');
      expect(text).toContain(rule.clause.excerpt.replace(/\s+/g, ' '));
      expect(rule.clause.documentName).toMatch(/Declaration of CC&Rs|Rules and Regulations/);
    }

    const list = (
      await injectAs(t.app, await t.cookieFor('board'), {
        method: 'GET',
        url: `/api/violations?propertyId=${willowId}`,
      })
    ).json<ViolationList>();
    expect(list.violations.map((violation) => `${violation.unit.label} ${violation.status}`).sort()).toEqual([
      '12B cured',
      '14B open',
      '19A dismissed',
      '6A open',
    ]);
    expect(list.violations.find((violation) => violation.unit.label === '6A')!.isOverdue).toBe(true);
    expect(list.violations.find((violation) => violation.unit.label === '14B')!.isOverdue).toBe(false);
    const detail = (
      await injectAs(t.app, manager, { method: 'GET', url: `/api/violations/${list.violations[0]!.id}` })
    ).json<Violation>();
    const photo = detail.events[0]!.photos[0]!;
    const file = await injectAs(t.app, manager, { method: 'GET', url: photo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    // The notices (issue 21 item 4): 14B's courtesy notice went out by certified mail, after the
    // admin approved it; 6A's first notice may be drafted. Its owner sees the sent one in the resident portal.
    const stateOf = async (unit: string) =>
      (
        await injectAs(t.app, manager, {
          method: 'GET',
          url: `/api/violations/${list.violations.find((violation) => violation.unit.label === unit)!.id}/enforcement`,
        })
      ).json<EnforcementState>();
    expect((await stateOf('14B')).notices).toMatchObject([
      { stageName: 'Courtesy notice', letterStatus: 'sent' },
    ]);
    expect((await stateOf('6A')).step).toMatchObject({ nextStage: 1, blockedBecause: null });
    const mine = (
      await injectAs(t.app, await t.cookieFor('resident'), {
        method: 'GET',
        url: '/api/resident-portal/letters',
      })
    ).json<{ letters: { title: string }[] }>();
    expect(mine.letters.map((letter) => letter.title)).toContain('Courtesy notice: 14B');
  });
});
