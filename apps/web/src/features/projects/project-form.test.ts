import { describe, expect, it } from 'vitest';
import {
  basisPointsFromPercent,
  countFormUnits,
  emptyProjectForm,
  formErrorsOf,
  parseUnitLabels,
  percentTextOf,
  projectInputOf,
  validateProjectForm,
  validateThresholdForm,
  type PhaseFormValues,
  type ProjectFormValues,
} from './project-form.ts';

const phase = (overrides: Partial<PhaseFormValues>): PhaseFormValues => ({
  key: overrides.name ?? 'phase',
  name: 'Phase 1',
  mode: 'count',
  unitCount: '',
  labels: '',
  ...overrides,
});

const form = (overrides: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  ...emptyProjectForm(),
  name: 'Cedar Ridge',
  address: '100 Cedar Ridge Way, Austin, TX',
  ...overrides,
});

describe('parseUnitLabels', () => {
  it('reads one label a line, or a CSV row or column, with quotes and blanks dropped', () => {
    expect(parseUnitLabels('A-1\nA-2\r\n\n  A-3  ')).toEqual(['A-1', 'A-2', 'A-3']);
    expect(parseUnitLabels('"Lot 1", "Lot 2";Lot 3\tLot 4')).toEqual(['Lot 1', 'Lot 2', 'Lot 3', 'Lot 4']);
  });

  it('drops a CSV header', () => {
    expect(parseUnitLabels('Unit\n101\n102')).toEqual(['101', '102']);
    expect(parseUnitLabels('Lot number\n7')).toEqual(['7']);
    expect(parseUnitLabels('Lot 1\nLot 2')).toEqual(['Lot 1', 'Lot 2']);
  });
});

describe('projectInputOf', () => {
  it('sends a count or labels per phase, and leaves out what was not chosen', () => {
    const values = form({
      phases: [
        phase({ name: 'Phase 1', unitCount: '12' }),
        phase({ name: 'Townhomes', mode: 'labels', labels: 'T-1\nT-2', unitCount: '99' }),
      ],
    });
    expect(projectInputOf(values)).toEqual({
      name: 'Cedar Ridge',
      address: '100 Cedar Ridge Way, Austin, TX',
      phases: [
        { name: 'Phase 1', unitCount: 12 },
        { name: 'Townhomes', labels: ['T-1', 'T-2'] },
      ],
    });
    expect(countFormUnits(values)).toBe(14);
    expect(projectInputOf({ ...values, jurisdiction: 'TX', timeZone: 'America/Chicago' })).toMatchObject({
      jurisdiction: 'TX',
      timeZone: 'America/Chicago',
    });
  });
});

describe('validateProjectForm', () => {
  it('passes a complete form', () => {
    expect(validateProjectForm(form({ phases: [phase({ unitCount: '20' })] }))).toEqual({});
  });

  it('puts the contract’s messages on the fields the person typed in', () => {
    const errors = validateProjectForm(
      form({
        name: ' ',
        address: 'abc',
        phases: [
          phase({ name: 'North', unitCount: '' }),
          phase({ name: 'north', unitCount: '2.5' }),
          phase({ name: 'South', mode: 'labels', labels: 'S-1\ns-1' }),
          phase({ name: 'East', mode: 'labels', labels: '' }),
        ],
      }),
    );
    expect(errors).toEqual({
      name: 'Name the community',
      address: 'The address must be at least 5 characters',
      'phases.0.unitCount': 'Give the phase a number of units or their labels',
      'phases.1.unitCount': 'The number of units must be a number',
      'phases.2.labels': 's-1 is listed twice',
      'phases.3.labels': 'Give the phase a number of units or their labels',
    });
  });

  it('says two phases share a name (once each phase is right in itself, as the contract checks)', () => {
    const errors = validateProjectForm(
      form({ phases: [phase({ name: 'North', unitCount: '3' }), phase({ name: ' north', unitCount: '2' })] }),
    );
    expect(errors).toEqual({ 'phases.1.name': 'Two phases have this name' });
  });

  it('refuses more units than a project may have', () => {
    const errors = validateProjectForm(
      form({ phases: [phase({ name: 'A', unitCount: '4000' }), phase({ name: 'B', unitCount: '1001' })] }),
    );
    expect(errors.phases).toBe('A project has at most 5,000 units');
  });

  it('puts the server’s field errors on the same fields', () => {
    const values = form({ phases: [phase({ mode: 'labels', labels: 'A\nB' })] });
    expect(formErrorsOf({ 'phases.0.labels.1': 'B is taken', name: 'Taken' }, values)).toEqual({
      'phases.0.labels': 'B is taken',
      name: 'Taken',
    });
  });
});

describe('the threshold in percent', () => {
  it('reads percent as basis points from the text, never through a float', () => {
    expect(basisPointsFromPercent('75')).toBe(7500);
    expect(basisPointsFromPercent('66.67')).toBe(6667);
    expect(basisPointsFromPercent(' 50.5 % ')).toBe(5050);
    expect(basisPointsFromPercent('0.01')).toBe(1);
    expect(basisPointsFromPercent('66.667')).toBeNull();
    expect(basisPointsFromPercent('three quarters')).toBeNull();
    expect(percentTextOf(6667)).toBe('66.67');
    expect(percentTextOf(7550)).toBe('75.5');
    expect(percentTextOf(7500)).toBe('75');
  });

  it('refuses a threshold above 100%, of 0%, or without its clause', () => {
    expect(validateThresholdForm({ percent: '101', clause: 'Declaration 12.3', documentId: null })).toEqual({
      percent: 'The threshold cannot be above 100%',
    });
    expect(validateThresholdForm({ percent: '0', clause: 'x', documentId: null })).toEqual({
      percent: 'The threshold must be more than 0%',
    });
    expect(validateThresholdForm({ percent: '75', clause: '  ', documentId: null })).toEqual({
      clause: 'Cite the clause of the governing documents it comes from',
    });
    expect(validateThresholdForm({ percent: '66.67', clause: 'Bylaws 3.1', documentId: null })).toEqual({});
  });
});
