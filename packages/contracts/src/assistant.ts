import { z } from 'zod';

/**
 * What the assistant understands in a resident's message (issue 7). The built-in assistant's analyzer
 * produces a `MessageAnalysis`; the router acts on it; the model assistant's tools use the same taxonomy.
 *
 * Intents, one per message. When a message does several things, the first that applies wins:
 * - maintenance_request: reports a problem that needs someone to act (a repair, a complaint about a
 *   neighbour, pests, trash, parking…), including every emergency. A resident who also asks for a
 *   person keeps this intent; `asksForHuman` says so.
 * - status_question: asks about a request already made ("any update on my leak?", "nobody came").
 * - human_request: asks for a person (manager, staff, "a human") without reporting a new problem.
 * - document_question: asks about rules, policies, fees, hours or the association's documents.
 * - greeting_or_other: greetings, thanks, and anything else.
 */
export const assistantIntents = [
  'maintenance_request',
  'status_question',
  'human_request',
  'document_question',
  'greeting_or_other',
] as const;
export const assistantIntentSchema = z.enum(assistantIntents);
export type AssistantIntent = z.infer<typeof assistantIntentSchema>;

/**
 * The fixed maintenance taxonomy: work_orders.main_category and work_orders.subcategory. The demo data's
 * pairs (plumbing/leak, electrical/lighting, common_areas/pool, access/garage, community/noise) are in it.
 * `access` is access and security; `community` is noise and neighbours.
 */
export const maintenanceTaxonomy = {
  plumbing: ['leak', 'clog', 'toilet', 'water_heater', 'burst_pipe', 'low_pressure', 'gas_leak'],
  electrical: ['lighting', 'outlet', 'power_outage', 'breaker', 'exposed_wiring', 'smoke_co_detector'],
  hvac: ['no_heat', 'no_cooling', 'thermostat', 'ventilation', 'carbon_monoxide'],
  appliances: ['refrigerator', 'dishwasher', 'washer_dryer', 'stove_oven', 'garbage_disposal'],
  structural: ['roof', 'walls_ceiling', 'windows', 'doors', 'floors', 'stairs_railings'],
  pest_control: ['rodents', 'insects', 'wildlife'],
  landscaping: ['lawn', 'trees', 'irrigation', 'snow_ice'],
  common_areas: ['pool', 'gym', 'elevator', 'hallway_lobby', 'laundry_room', 'clubhouse'],
  access: ['garage', 'gate', 'locks', 'key_fob', 'intercom', 'security'],
  community: ['noise', 'neighbor', 'pets', 'smoking'],
  parking: ['unauthorized_vehicle', 'assigned_space', 'lot_condition'],
  trash: ['missed_pickup', 'overflowing', 'bulk_item', 'recycling'],
  other: ['general', 'fire_smoke', 'injury'],
} as const satisfies Record<string, readonly string[]>;

export type MaintenanceCategory = keyof typeof maintenanceTaxonomy;
export type MaintenanceSubcategory = (typeof maintenanceTaxonomy)[MaintenanceCategory][number];
export const maintenanceCategories = Object.keys(maintenanceTaxonomy) as MaintenanceCategory[];
export const maintenanceCategorySchema = z.enum(
  maintenanceCategories as [MaintenanceCategory, ...MaintenanceCategory[]],
);

export const maintenanceCategoryLabels: Record<MaintenanceCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  hvac: 'Heating and cooling',
  appliances: 'Appliances',
  structural: 'Structural',
  pest_control: 'Pest control',
  landscaping: 'Landscaping',
  common_areas: 'Common areas',
  access: 'Access and security',
  community: 'Noise and community',
  parking: 'Parking',
  trash: 'Trash',
  other: 'Other',
};

/** Whether a subcategory belongs to a category in the taxonomy. */
export function isSubcategoryOf(category: MaintenanceCategory, subcategory: string): boolean {
  return (maintenanceTaxonomy[category] as readonly string[]).includes(subcategory);
}

/**
 * The emergencies the assistant answers with safety instructions first, an emergency-priority work
 * order and immediate escalation.
 */
export const emergencyKinds = [
  'gas_leak',
  'fire_smoke',
  'flooding',
  'electrical_hazard',
  'no_heat_freezing',
  'carbon_monoxide',
  'injury',
] as const;
export const emergencyKindSchema = z.enum(emergencyKinds);
export type EmergencyKind = z.infer<typeof emergencyKindSchema>;

/** How soon a request needs doing; the same values as a work order's priority. */
export const requestUrgencies = ['low', 'normal', 'high', 'emergency'] as const;
export const requestUrgencySchema = z.enum(requestUrgencies);
export type RequestUrgency = z.infer<typeof requestUrgencySchema>;

/** Days from today to a work order's due date, by urgency. */
export const urgencyDueDays: Record<RequestUrgency, number> = { emergency: 0, high: 1, normal: 7, low: 14 };

/** The details the assistant needs before it creates a work order, in the order it asks for them. */
export const requestDetails = ['what', 'where', 'urgency', 'entry'] as const;
export type RequestDetail = (typeof requestDetails)[number];

export const assistantLanguages = ['en', 'es'] as const;
export type AssistantLanguage = (typeof assistantLanguages)[number];

export const requestLocationSchema = z.object({
  kind: z.enum(['unit', 'common_area']),
  /** A room of the unit or a named common area, in English: 'kitchen', 'pool', 'garage'… */
  detail: z.string().optional(),
});
export type RequestLocation = z.infer<typeof requestLocationSchema>;

export const messageAnalysisSchema = z.object({
  intent: assistantIntentSchema,
  /** Set when the message reports a problem (always for maintenance_request). */
  category: maintenanceCategorySchema.optional(),
  subcategory: z.string().optional(),
  isEmergency: z.boolean(),
  emergencyKind: emergencyKindSchema.optional(),
  urgency: requestUrgencySchema.optional(),
  location: requestLocationSchema.optional(),
  permissionToEnter: z.boolean().optional(),
  asksForHuman: z.boolean(),
  language: z.enum(assistantLanguages),
  /** A short English summary, fit for a work order's summary or a thread title. */
  summary: z.string(),
});
export type MessageAnalysis = z.infer<typeof messageAnalysisSchema>;
