import { describe, expect, it } from 'vitest';
import { isSubcategoryOf, maintenanceCategories, type MaintenanceCategory } from '@commonwise/contracts';
import { evalCases, splitOf } from './dataset.ts';

describe('the evaluation set', () => {
  it('has at least 150 messages with unique ids, 15 or more of them in Spanish', () => {
    expect(evalCases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(evalCases.map((c) => c.id)).size).toBe(evalCases.length);
    expect(evalCases.filter((c) => c.lang === 'es').length).toBeGreaterThanOrEqual(15);
  });

  it('labels every maintenance request with a category from the taxonomy', () => {
    for (const c of evalCases) {
      if (c.intent === 'maintenance_request') expect(c.category, `#${c.id}`).toBeDefined();
      if (!c.category) continue;
      const [main, sub] = c.category.split('/') as [MaintenanceCategory, string];
      expect(maintenanceCategories).toContain(main);
      expect(isSubcategoryOf(main, sub), `#${c.id} ${c.category}`).toBe(true);
    }
  });

  it('labels emergencies as maintenance requests of urgency emergency, and nothing else as emergency urgency', () => {
    for (const c of evalCases) {
      if (c.emergency)
        expect([c.intent, c.urgency], `#${c.id}`).toEqual(['maintenance_request', 'emergency']);
      else expect(c.urgency, `#${c.id}`).not.toBe('emergency');
    }
  });

  it('splits by the fixed id rule into about 60% development and 40% test, with emergencies in both', () => {
    const test = evalCases.filter((c) => splitOf(c.id) === 'test');
    expect(test.length / evalCases.length).toBeCloseTo(0.4, 1);
    expect(test.filter((c) => c.emergency).length).toBeGreaterThanOrEqual(15);
    expect(test.filter((c) => c.lang === 'es').length).toBeGreaterThanOrEqual(6);
  });
});
