import { describe, expect, it } from 'vitest';
import {
  formatAssignee,
  formatCategories,
  getCategoryLabel,
  getWorkOrderStatusColor,
  getWorkOrderStatusLabel,
  formatWorkOrderNumber,
  shortWorkOrderId,
} from './labels.ts';

describe('work order statuses (SPEC §4)', () => {
  it('gives each status its own colour and shows anything else neutral', () => {
    expect(getWorkOrderStatusColor('new')).toBe('blue');
    expect(getWorkOrderStatusColor('in_progress')).toBe('yellow');
    expect(getWorkOrderStatusColor('completed')).toBe('green');
    expect(getWorkOrderStatusColor('cancelled')).toBe('red');
    expect(getWorkOrderStatusColor('pending')).toBe('orange');
    expect(getWorkOrderStatusColor('on_hold')).toBe('gray');
    // Not fooled by names every object has.
    expect(getWorkOrderStatusColor('constructor')).toBe('gray');
  });

  it('labels known statuses and makes unknown ones readable', () => {
    expect(getWorkOrderStatusLabel('in_progress')).toBe('In Progress');
    expect(getWorkOrderStatusLabel('on_hold')).toBe('On hold');
    expect(getWorkOrderStatusLabel('toString')).toBe('ToString');
  });
});

describe('formatCategories', () => {
  it('joins the main category and subcategory, readable', () => {
    expect(formatCategories({ mainCategory: 'plumbing', subcategory: 'leak' })).toBe('Plumbing / Leak');
    expect(formatCategories({ mainCategory: 'common_areas', subcategory: null })).toBe('Common areas');
  });
});

describe('getCategoryLabel', () => {
  it("uses the assistant's names and makes unknown categories readable", () => {
    expect(getCategoryLabel('hvac')).toBe('Heating and cooling');
    expect(getCategoryLabel('pest_control')).toBe('Pest control');
    expect(getCategoryLabel('snow_removal')).toBe('Snow removal');
    expect(getCategoryLabel('constructor')).toBe('Constructor');
  });
});

describe('work order numbers (SPEC §9)', () => {
  it('names a work order by its reference beside the last 8 characters of its id', () => {
    expect(formatWorkOrderNumber({ id: '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30', reference: 'WC-1042' })).toBe(
      'WC-1042 · #3ec11b30',
    );
  });

  it('shows a work order id as its last 8 characters', () => {
    expect(shortWorkOrderId('3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30')).toBe('3ec11b30');
  });
});

describe('formatAssignee', () => {
  it('names the kind of assignee, then the person when there is one', () => {
    expect(formatAssignee({ assignedToType: 'vendor', assignedToName: 'Pat Plumber' })).toBe(
      'Vendor: Pat Plumber',
    );
    expect(formatAssignee({ assignedToType: 'manager', assignedToName: null })).toBe('Manager');
  });
});
