import { z } from 'zod';

/**
 * What the assistant understands in a resident's message (issues 7 and 16). The built-in assistant's
 * analyzer produces a `MessageAnalysis`; the router decides and acts on it; the model assistant's tools
 * use the same taxonomy. The labelled corpus (apps/server/src/modules/assistant/corpus/README.md)
 * defines each intent with examples.
 *
 * Intents, one per message. When a message does several things, the first that applies wins:
 * - maintenance_request: a problem that needs someone to fix it, in the unit or a common area,
 *   including every emergency. A resident who also asks for a person keeps this intent.
 * - neighbor_complaint: another person's behaviour or a rule broken by someone else (noise, a car in
 *   my space, smoking): to the manager as a complaint, not a repair of the resident's unit.
 * - status_question: asks about a request already made ("any update on my leak?", "nobody came").
 * - cancel_request: cancels, withdraws or changes a request already made.
 * - document_question: what the rules, governing documents or policies allow or say.
 * - billing_question: dues, assessments, fees, fines charged, balance, how to pay.
 * - lease_ownership_question: renting out, tenants, selling, ownership records, moving in or out.
 * - amenity_question: using an amenity: hours, booking, access.
 * - human_request: asks for a person without reporting a new problem.
 * - acknowledgement: thanks, ok, confirmations that add nothing new.
 * - small_talk: greetings, chit-chat, anything unclear.
 */
export const assistantIntents = [
  'maintenance_request',
  'neighbor_complaint',
  'status_question',
  'cancel_request',
  'document_question',
  'billing_question',
  'lease_ownership_question',
  'amenity_question',
  'human_request',
  'acknowledgement',
  'small_talk',
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
/** 'main/sub', e.g. 'plumbing/leak'. */
export type MaintenanceCategoryPath = {
  [C in MaintenanceCategory]: `${C}/${(typeof maintenanceTaxonomy)[C][number]}`;
}[MaintenanceCategory];
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

/** Short English names of the subcategories, used in work order summaries and thread titles. */
export const maintenanceSubcategoryLabels: Record<MaintenanceSubcategory, string> = {
  leak: 'Leak',
  clog: 'Clogged drain',
  toilet: 'Toilet problem',
  water_heater: 'No hot water or water heater problem',
  burst_pipe: 'Burst pipe or flooding',
  low_pressure: 'Low water pressure',
  gas_leak: 'Gas smell',
  lighting: 'Light out',
  outlet: 'Outlet or switch problem',
  power_outage: 'Power outage',
  breaker: 'Breaker or electrical panel problem',
  exposed_wiring: 'Exposed wiring',
  smoke_co_detector: 'Smoke or CO detector problem',
  no_heat: 'No heat',
  no_cooling: 'Air conditioning not cooling',
  thermostat: 'Thermostat problem',
  ventilation: 'Fan or ventilation problem',
  carbon_monoxide: 'Carbon monoxide alarm',
  refrigerator: 'Refrigerator problem',
  dishwasher: 'Dishwasher problem',
  washer_dryer: 'Washer or dryer problem',
  stove_oven: 'Stove, oven or microwave problem',
  garbage_disposal: 'Garbage disposal problem',
  roof: 'Roof leak or damage',
  walls_ceiling: 'Wall or ceiling damage',
  windows: 'Window problem',
  doors: 'Door problem',
  floors: 'Floor damage',
  stairs_railings: 'Stairs or railing hazard',
  rodents: 'Rodents',
  insects: 'Insects',
  wildlife: 'Wildlife',
  lawn: 'Lawn care',
  trees: 'Tree problem',
  irrigation: 'Sprinkler or irrigation problem',
  snow_ice: 'Snow or ice',
  pool: 'Pool problem',
  gym: 'Gym problem',
  elevator: 'Elevator problem',
  hallway_lobby: 'Hallway or lobby problem',
  laundry_room: 'Laundry room problem',
  clubhouse: 'Clubhouse problem',
  garage: 'Garage door or access problem',
  gate: 'Gate problem',
  locks: 'Lock problem',
  key_fob: 'Key fob problem',
  intercom: 'Intercom problem',
  security: 'Security concern',
  noise: 'Noise complaint',
  neighbor: 'Neighbor complaint',
  pets: 'Pet complaint',
  smoking: 'Smoking complaint',
  unauthorized_vehicle: 'Unauthorized vehicle',
  assigned_space: 'Assigned parking space taken',
  lot_condition: 'Parking lot condition',
  missed_pickup: 'Missed trash pickup',
  overflowing: 'Overflowing trash',
  bulk_item: 'Bulk item pickup',
  recycling: 'Recycling problem',
  general: 'Maintenance request',
  fire_smoke: 'Fire or smoke',
  injury: 'Someone hurt',
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
  'person_trapped',
  'structural_danger',
  'break_in',
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

/** The languages the assistant replies in (a message in another is answered in English and handed over). */
export const assistantLanguages = ['en', 'es', 'pt', 'fr', 'zh', 'vi'] as const;
export type AssistantLanguage = (typeof assistantLanguages)[number];

export const requestLocationSchema = z.object({
  kind: z.enum(['unit', 'common_area']),
  /** A room of the unit or a named common area, in English: 'kitchen', 'pool', 'garage'… */
  detail: z.string().optional(),
});
export type RequestLocation = z.infer<typeof requestLocationSchema>;

export const messageAnalysisSchema = z.object({
  intent: assistantIntentSchema,
  /**
   * How sure the intent classifier is of `intent`, 0–1. Absent when no classifier decided (an
   * emergency rule fired, or a short reply answered the assistant's own question).
   */
  intentConfidence: z.number().min(0).max(1).optional(),
  /** Set when the message reports a problem (always for maintenance_request). */
  category: maintenanceCategorySchema.optional(),
  subcategory: z.string().optional(),
  isEmergency: z.boolean(),
  emergencyKind: emergencyKindSchema.optional(),
  /** Which deterministic rule found the emergency ("gas_leak/pt"): recorded with the work order. */
  emergencyRule: z.string().optional(),
  urgency: requestUrgencySchema.optional(),
  location: requestLocationSchema.optional(),
  permissionToEnter: z.boolean().optional(),
  /** Further problems named in the same message, strongest first (at most three). */
  otherIssues: z.array(z.object({ category: maintenanceCategorySchema, subcategory: z.string() })),
  asksForHuman: z.boolean(),
  language: z.enum(assistantLanguages),
  /** ISO 639-1 code of the language detected ('und' when none could be told). */
  detectedLanguage: z.string(),
  /** False when the message is in a language the assistant does not reply in. */
  isLanguageSupported: z.boolean(),
  /**
   * Words or marks of urgency ("911", "help!!!", "urgente", "紧急"), or a message the emergency
   * classifier finds very likely to be one although no rule fired: a person is alerted at once.
   */
  soundsUrgent: z.boolean(),
  /** A short English summary, fit for a work order's summary or a thread title. */
  summary: z.string(),
});
export type MessageAnalysis = z.infer<typeof messageAnalysisSchema>;

/**
 * A maintenance request gathered over several turns of a conversation (the built-in assistant's
 * `mergeRequest`); the router keeps it between messages and creates the work order from it.
 */
export const requestStateSchema = z.object({
  category: maintenanceCategorySchema.optional(),
  subcategory: z.string().optional(),
  isEmergency: z.boolean(),
  emergencyKind: emergencyKindSchema.optional(),
  emergencyRule: z.string().optional(),
  urgency: requestUrgencySchema.optional(),
  location: requestLocationSchema.optional(),
  permissionToEnter: z.boolean().optional(),
  asksForHuman: z.boolean(),
  language: z.enum(assistantLanguages),
  summary: z.string(),
  /** The resident's own words, one entry per message that described the request. */
  description: z.array(z.string()),
});
export type RequestState = z.infer<typeof requestStateSchema>;

/**
 * What the assistant did with one resident message (`assistant_turns.decision`), recorded for the
 * analytics page (issue 16, item 10).
 */
export const assistantDecisions = [
  'emergency',
  'asked_detail',
  'work_order_created',
  'complaint_filed',
  'status_given',
  'request_cancelled',
  'cancel_clarified',
  'answered_from_documents',
  'handed_over',
  'acknowledged',
  'greeted',
  'no_property',
  /** A follow-up in a work order's conversation, answered from that work order (issue 26). */
  'follow_up_answered',
  /** A report that matches an open request of the same unit: "is this about your open request?" */
  'duplicate_asked',
  /** The resident said it was about the open request: their words were added to it. */
  'added_to_request',
  /** A billing question answered from the resident's own accounts (issue 20, item 9). */
  'account_given',
  /** An architectural request the resident described to the assistant was sent (issue 22, item 1). */
  'arc_request_submitted',
  'model_reply',
  'failed',
] as const;
export type AssistantDecision = (typeof assistantDecisions)[number];

/**
 * Why a conversation was handed to a person. `urgent_sounding`: urgent words or the classifier, with no
 * emergency rule fired; `needs_staff`: a question only staff can answer (a balance, a lease); `model`:
 * the model assistant asked for a person; `failed`: the assistant could not answer at all.
 */
export const handoverReasons = [
  'emergency',
  'asked_for_person',
  'no_answer_in_documents',
  'unknown_language',
  'low_confidence',
  'urgent_sounding',
  'needs_staff',
  'model',
  'failed',
] as const;
export type HandoverReason = (typeof handoverReasons)[number];
