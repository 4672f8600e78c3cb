import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';
import { roles } from './roles.ts';

/**
 * The audit trail (issue 18 item 4): every change a person or a job makes to association data, written
 * by the database itself in the same transaction as the change, and never changed afterwards.
 */

/** The kinds of record whose changes are recorded, as their tables are named. */
export const auditEntities = [
  'properties',
  'property_managers',
  'units',
  'unit_ownerships',
  'unit_occupancies',
  'committees',
  'committee_members',
  'property_documents',
  'work_orders',
  'work_order_tasks',
  'profiles',
  'app_settings',
  'letter_templates',
  'letters',
  'gl_accounts',
  'finance_books',
  'assessment_schedules',
  'budgets',
  'late_fee_rules',
  'violation_rules',
  'violations',
  'enforcement_policies',
  'violation_hearings',
  'violation_complaints',
  'decision_items',
  'arc_project_types',
  'arc_requests',
  'announcements',
  'events',
  'amenities',
  'bookings',
  'vendor_companies',
  'vendor_people',
  'vendor_service_areas',
  'vendor_documents',
  'vendor_assignment_overrides',
  'vendor_policies',
  'bid_requests',
  'bid_invitations',
  'bids',
  'vendor_invoices',
  'vendor_invoice_approvals',
  'work_order_ratings',
  'development_projects',
  'project_members',
  'project_phases',
  'project_units',
  'unit_sales',
  'project_milestones',
  'project_milestone_documents',
  'handover_item_documents',
  'handover_reports',
  'handover_acknowledgements',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditEntityLabels: Record<AuditEntity, string> = {
  properties: 'Property',
  property_managers: 'Manager assignment',
  units: 'Unit',
  unit_ownerships: 'Ownership',
  unit_occupancies: 'Occupancy',
  committees: 'Board or committee',
  committee_members: 'Board or committee seat',
  property_documents: 'Document',
  work_orders: 'Work order',
  work_order_tasks: 'Task',
  profiles: 'Person',
  app_settings: 'Installation setting',
  letter_templates: 'Letter template',
  letters: 'Letter',
  gl_accounts: 'Account (books)',
  finance_books: 'Books (closed months)',
  assessment_schedules: 'Assessment schedule',
  budgets: 'Budget',
  late_fee_rules: 'Late-fee rule',
  violation_rules: 'Enforceable rule',
  violations: 'Violation',
  enforcement_policies: 'Enforcement stages',
  violation_hearings: 'Violation hearing',
  violation_complaints: 'Complaint',
  decision_items: 'Board or committee decision',
  arc_project_types: 'Architectural project type',
  arc_requests: 'Architectural request',
  announcements: 'Announcement',
  events: 'Event',
  amenities: 'Amenity',
  bookings: 'Amenity booking',
  vendor_companies: 'Vendor company',
  vendor_people: 'Vendor person',
  vendor_service_areas: 'Vendor service area',
  vendor_documents: 'Vendor compliance document',
  vendor_assignment_overrides: 'Vendor assignment override',
  vendor_policies: 'Vendor approval limits',
  bid_requests: 'Request for bids',
  bid_invitations: 'Bid invitation',
  bids: 'Bid',
  vendor_invoices: 'Vendor invoice',
  vendor_invoice_approvals: 'Vendor invoice approval',
  work_order_ratings: 'Work order rating',
  development_projects: 'Development project',
  project_members: 'Project member',
  project_phases: 'Project phase',
  project_units: 'Project unit',
  unit_sales: 'Unit sale',
  project_milestones: 'Project milestone',
  project_milestone_documents: 'Milestone document',
  handover_item_documents: 'Hand-over evidence',
  handover_reports: 'Hand-over report',
  handover_acknowledgements: 'Hand-over acknowledgement',
};

export const auditActions = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditActionLabels: Record<AuditAction, string> = {
  insert: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

export const auditEventSchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime(),
  /** Null for the system: a job, a migration, the demo seed. */
  actor: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  /** The role the person acted in. */
  actorRole: z.enum(roles).nullable(),
  requestId: z.string().nullable(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  property: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  action: z.enum(auditActions),
  /** Field by field: [before, after]; a created record has only afters, a deleted one only befores. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const dateField = (what: string) => z.iso.date(`${what} must be a date (YYYY-MM-DD)`).optional();

/** Filters of the Audit Logs page; `q` matches the person's name or e-mail, or the record's id. */
export const auditListQuerySchema = z.object({
  q: searchField,
  propertyId: z.uuid('That is not a valid property id').optional(),
  entity: z.enum(auditEntities, 'Choose one of the kinds of record').optional(),
  from: dateField('From'),
  to: dateField('To'),
  ...pageQueryFields(50),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEventListSchema = z.object({ events: z.array(auditEventSchema), ...pageFields });
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/** The export takes the same filters, without paging: at most this many rows, newest first. */
export const auditExportMaxRows = 50_000;
export const auditExportQuerySchema = auditListQuerySchema.omit({ page: true, limit: true });
